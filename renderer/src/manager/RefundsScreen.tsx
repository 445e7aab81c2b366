import { useEffect, useState } from 'react';
import type { RefundView } from '../../../shared/manager.ts';
import { REFUND_REASONS, type RefundReason } from '../../../shared/refunds.ts';
import { ErrorNotice } from './parts.tsx';
import { useManager } from './store.ts';
import { dateTime } from '../../../shared/clock.ts';
import { parseIccidLines, refundReasonWords, REFUND_REASON_WORDS } from './format.ts';
import { looksLikeEmail } from '../../../shared/email.ts';
import './manager.css';

const MAX_ICCIDS = 5;
const MAX_NOTES = 255;

/** Refund requests to the eSIM service (up to five eSIMs each) and what became of them. */
export default function RefundsScreen() {
  const refunds = useManager((s) => s.refunds);
  const error = useManager((s) => s.refundsError);
  const timeZone = useManager((s) => s.settings?.timeZone ?? 'UTC');

  useEffect(() => {
    const store = useManager.getState();
    if (!store.settings) void store.loadSettings();
    void store.loadRefunds();
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>Refunds</h1>
      </header>
      <RefundForm />
      <section className="panel" aria-label="Refund requests">
        <h2>Requests</h2>
        <ErrorNotice error={error} />
        {refunds === null ? (
          !error && (
            <p className="muted" role="status">
              Loading…
            </p>
          )
        ) : refunds.length === 0 ? (
          <p className="muted">No refund has been requested from this counter.</p>
        ) : (
          <RefundTable refunds={refunds} timeZone={timeZone} />
        )}
        <p className="muted">
          The eSIM service reviews each request; an approved refund arrives as credit on the shop’s account (see the balance under
          Settings).
        </p>
      </section>
    </div>
  );
}

function RefundForm() {
  const [iccidText, setIccidText] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [notes, setNotes] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; refund: RefundView } | { ok: false; message: string } | null>(null);

  const lines = parseIccidLines(iccidText);
  const bad = lines.filter((l) => !l.ok);
  const iccids = lines.flatMap((l) => (l.ok ? [l.iccid] : []));
  const duplicates = iccids.length !== new Set(iccids).size;
  const tooMany = lines.length > MAX_ICCIDS;
  const notesNeeded = reason === 'OTHERS' && notes.trim() === '';
  const emailOk = email.trim() === '' || looksLikeEmail(email);
  const ready =
    lines.length > 0 && bad.length === 0 && !duplicates && !tooMany && reason !== '' && !notesNeeded && emailOk && !busy;

  return (
    <form
      className="panel refund-form"
      aria-label="Request a refund"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setBusy(true);
        setOutcome(null);
        void useManager
          .getState()
          .requestRefund({
            iccids,
            reason,
            ...(notes.trim() ? { notes: notes.trim() } : {}),
            ...(email.trim() ? { email: email.trim() } : {}),
          })
          .then((result) => {
            setBusy(false);
            setOutcome(result);
            if (result.ok && result.refund.status === 'requested') {
              setIccidText('');
              setReason('');
              setNotes('');
              setEmail('');
            }
          });
      }}
    >
      <h2>Request a refund</h2>
      <div className="refund-grid">
        <label>
          ICCIDs, one per line (type or scan, up to {MAX_ICCIDS})
          <textarea
            className="mono iccid-input"
            rows={5}
            value={iccidText}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={bad.length > 0 || tooMany || duplicates}
            aria-describedby="iccid-help"
            onChange={(e) => {
              setIccidText(e.target.value);
              // The last answer is about the last request, not the one being typed.
              setOutcome(null);
            }}
          />
        </label>
        <div className="refund-fields">
          <label>
            Reason
            <select value={reason} onChange={(e) => setReason(e.target.value as RefundReason | '')}>
              <option value="" disabled>
                Choose the reason…
              </option>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r === 'OTHERS' ? 'Other (say why in the notes)' : REFUND_REASON_WORDS[r]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Customer’s e-mail for the answer (optional)
            <input
              type="email"
              value={email}
              aria-invalid={!emailOk}
              autoComplete="off"
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
        </div>
      </div>
      <div id="iccid-help" className="iccid-help">
        {lines.length === 0 ? (
          <span className="muted">Scan each eSIM’s ICCID; the scanner’s Enter starts the next line.</span>
        ) : (
          <span className={bad.length || tooMany || duplicates ? 'bad' : 'muted'}>
            {lines.length} of {MAX_ICCIDS} ICCIDs
            {tooMany && ` — at most ${MAX_ICCIDS} in one request; send the rest in another.`}
            {duplicates && ' — the same ICCID is listed twice.'}
          </span>
        )}
        {bad.length > 0 && (
          <ul className="bad">
            {bad.map((l) => (
              <li key={l.line}>
                Line {l.line}: {l.ok ? '' : l.reason}
              </li>
            ))}
          </ul>
        )}
        {lines.some((l) => l.ok && !l.luhnValid) && (
          <p className="muted">
            A check digit does not match on{' '}
            {lines
              .filter((l) => l.ok && !l.luhnValid)
              .map((l) => `line ${l.line}`)
              .join(', ')}
            : compare it with the eSIM’s ICCID before sending.
          </p>
        )}
      </div>
      <label className="wide">
        Notes for the service {reason === 'OTHERS' ? '(needed for “Other”)' : '(optional)'}
        <textarea
          rows={2}
          maxLength={MAX_NOTES}
          value={notes}
          aria-invalid={notesNeeded && notes !== ''}
          onChange={(e) => setNotes(e.target.value)}
        />
        <span className="muted counter-hint">
          {notes.length} / {MAX_NOTES}
        </span>
      </label>
      {notesNeeded && <p className="muted">Say in the notes why the customer wants the refund.</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!ready}>
          {busy ? 'Sending…' : 'Request refund'}
        </button>
      </div>
      {outcome &&
        (!outcome.ok ? (
          <ErrorNotice error={outcome.message} />
        ) : outcome.refund.status === 'requested' ? (
          <div className="notice good" role="status">
            Refund requested for {outcome.refund.iccids.length === 1 ? 'one eSIM' : `${outcome.refund.iccids.length} eSIMs`}. The
            service’s reference is <strong>{outcome.refund.partnerId}</strong>.
          </div>
        ) : (
          <div className="notice error" role="alert">
            The eSIM service refused the request: {outcome.refund.refusal}
          </div>
        ))}
    </form>
  );
}

const STATUS: Record<RefundView['status'], { words: string; chip: string }> = {
  requested: { words: 'Requested', chip: 'chip-ok' },
  refused: { words: 'Refused', chip: 'chip-failed' },
};

function RefundTable({ refunds, timeZone }: { refunds: readonly RefundView[]; timeZone: string }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Requested</th>
          <th scope="col">ICCIDs</th>
          <th scope="col">Reason</th>
          <th scope="col">Status</th>
          <th scope="col">Service’s answer</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {refunds.map((r) => (
          <tr key={r.id} data-refund-id={r.id}>
            <td className="nowrap">{dateTime(r.createdAt, timeZone)}</td>
            <td className="mono iccid-list">
              {r.iccids.map((iccid) => (
                <div key={iccid}>{iccid}</div>
              ))}
            </td>
            <td>
              {refundReasonWords(r.reason)}
              {r.notes && <div className="audit-details">{r.notes}</div>}
            </td>
            <td>
              <span className={`chip ${STATUS[r.status].chip}`}>{STATUS[r.status].words}</span>
            </td>
            <td>{r.status === 'requested' ? `Reference ${r.partnerId ?? '—'}` : r.refusal}</td>
            <td>{r.requestedBy}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
