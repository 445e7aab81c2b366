import { useEffect, useState } from 'react';
import { AuditChainNotice } from '../components/AuditChainNotice.tsx';
import { actionWords, detailWords, subjectWords } from './audit-words.ts';
import { dateTime } from '../../../shared/clock.ts';
import { useStoreTimeZone } from '../clock.ts';
import { ErrorNotice } from './parts.tsx';
import { useManager, type AuditFilters } from './store.ts';
import './manager.css';

/** The audit log, newest first, with filters, and a check of its hash chain. */
export default function AuditScreen() {
  const entries = useManager((s) => s.audit);
  const more = useManager((s) => s.auditMore);
  const applied = useManager((s) => s.auditFilters);
  const error = useManager((s) => s.auditError);
  const loading = useManager((s) => s.auditLoading);
  const chain = useManager((s) => s.chain);
  const chainError = useManager((s) => s.chainError);
  const staff = useManager((s) => s.staff);
  const timeZone = useManager((s) => s.settings?.timeZone);
  const storeZone = useStoreTimeZone();
  const [filters, setFilters] = useState<AuditFilters>(applied);

  useEffect(() => {
    const store = useManager.getState();
    void store.loadAudit();
    void store.verifyChain();
    if (!store.staff) void store.loadStaff();
    if (!store.settings) void store.loadSettings();
  }, []);

  // Staff ids as subjects are shown by name, sales by their reference.
  const names = new Map((staff ?? []).map((m) => [m.id, m.name]));
  const zone = timeZone ?? storeZone;

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>Audit log</h1>
        <div className="chain" role="status" aria-live="polite">
          {chain === null && !chainError && <span className="muted">Checking the chain…</span>}
          {chain?.ok === true && <span className="chain-ok">✓ Chain verified: {chain.count} entries, none altered.</span>}
          {chain?.ok === false && (
            <span className="chain-bad">
              ✗ The chain is broken at entry #{chain.brokenAtSeq}: {chain.reason}
            </span>
          )}
        </div>
        <button type="button" className="button secondary" onClick={() => void useManager.getState().verifyChain()}>
          Verify again
        </button>
      </header>
      <AuditChainNotice detailed />
      <ErrorNotice error={chainError} />
      <form
        className="panel range-form"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          void useManager.getState().loadAudit({ ...filters });
        }}
      >
        <label>
          Action starts with
          <input
            value={filters.action}
            placeholder="e.g. sale. or staff."
            onChange={(e) => setFilters({ ...filters, action: e.target.value })}
          />
        </label>
        <label>
          Subject
          <input
            value={filters.subject}
            placeholder="a reference, a date…"
            onChange={(e) => setFilters({ ...filters, subject: e.target.value })}
          />
        </label>
        <label>
          By
          <select value={filters.staffId} onChange={(e) => setFilters({ ...filters, staffId: e.target.value })}>
            <option value="">Anyone</option>
            {(staff ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Filter
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            const none = { action: '', subject: '', staffId: '' };
            setFilters(none);
            void useManager.getState().loadAudit(none);
          }}
        >
          Clear
        </button>
      </form>
      <ErrorNotice error={error} />
      <section className="panel" aria-label="Entries" aria-busy={loading}>
        {entries.length === 0 && !loading ? (
          <p className="muted">No entries match.</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.seq}>
                  <td className="num">{e.seq}</td>
                  <td className="nowrap">{dateTime(e.at, zone)}</td>
                  <td>{e.actorName ?? <span className="muted">the app</span>}</td>
                  <td>
                    {actionWords(e.action)}
                    <span className="audit-code mono">{e.action}</span>
                  </td>
                  <td className="mono">{subjectWords(e, names)}</td>
                  <td className="audit-details">{detailWords(e, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {more && (
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={loading}
              onClick={() => void useManager.getState().loadOlderAudit()}
            >
              Older entries
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
