import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditChainNotice } from '../../shell/AuditChainNotice.tsx';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { actionWords, detailWords, subjectWords } from './audit-words.ts';
import { dateTime } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice } from '../common/notices.tsx';
import { useApiQuery } from '../common/query.tsx';
import { useManager, type AuditFilters } from '../common/store.ts';
import '../common/manager.css';

/** The audit log, newest first, with filters, and a check of its hash chain. */
export default function AuditScreen() {
  const { t } = useTranslation('audit');
  const f = useFormats();
  const entries = useManager((s) => s.audit);
  const more = useManager((s) => s.auditMore);
  const applied = useManager((s) => s.auditFilters);
  const error = useManager((s) => s.auditError);
  const loading = useManager((s) => s.auditLoading);
  const chain = useManager((s) => s.chain);
  const chainError = useManager((s) => s.chainError);
  const staff = useApiQuery('staff.all', {}).data;
  const timeZone = useManager((s) => s.settings?.timeZone);
  const storeZone = useStoreTimeZone();
  const [filters, setFilters] = useState<AuditFilters>(applied);

  useEffect(() => {
    const store = useManager.getState();
    void store.loadAudit();
    void store.verifyChain();
    if (!store.settings) void store.loadSettings();
  }, []);

  // Staff ids as subjects are shown by name, sales by their reference.
  const names = new Map((staff ?? []).map((m) => [m.id, m.name]));
  const zone = timeZone ?? storeZone;

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
        <div className="chain" role="status" aria-live="polite">
          {chain === null && !chainError && <span className="muted">{t('checking')}</span>}
          {chain?.ok === true && <span className="chain-ok">{t('chainOk', { count: chain.count })}</span>}
          {chain?.ok === false && (
            <span className="chain-bad">{t('chainBroken', { seq: chain.brokenAtSeq, reason: chain.reason })}</span>
          )}
        </div>
        <button type="button" className="button secondary" onClick={() => void useManager.getState().verifyChain()}>
          {t('verifyAgain')}
        </button>
      </header>
      <AuditChainNotice detailed />
      <ErrorNotice error={chainError} />
      <form
        className="panel range-form"
        aria-label={t('filters')}
        onSubmit={(event) => {
          event.preventDefault();
          void useManager.getState().loadAudit({ ...filters });
        }}
      >
        <label>
          {t('filter.action')}
          <input
            value={filters.action}
            placeholder={t('filter.actionPlaceholder')}
            onChange={(e) => setFilters({ ...filters, action: e.target.value })}
          />
        </label>
        <label>
          {t('filter.subject')}
          <input
            value={filters.subject}
            placeholder={t('filter.subjectPlaceholder')}
            onChange={(e) => setFilters({ ...filters, subject: e.target.value })}
          />
        </label>
        <label>
          {t('filter.by')}
          <select value={filters.staffId} onChange={(e) => setFilters({ ...filters, staffId: e.target.value })}>
            <option value="">{t('filter.anyone')}</option>
            {(staff ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t('filter.apply')}
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
          {t('filter.clear')}
        </button>
      </form>
      <ErrorNotice error={error} />
      <section className="panel" aria-label={t('entries')} aria-busy={loading}>
        {entries.length === 0 && !loading ? (
          <p className="muted">{t('noEntries')}</p>
        ) : (
          <TableScroll label={t('entries')}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    #
                  </th>
                  <th scope="col">{t('column.when')}</th>
                  <th scope="col">{t('column.who')}</th>
                  <th scope="col">{t('column.action')}</th>
                  <th scope="col">{t('column.subject')}</th>
                  <th scope="col">{t('column.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.seq}>
                    <td className="num">{e.seq}</td>
                    <td className="nowrap">{dateTime(e.at, zone, f.dateLocale)}</td>
                    <td>{e.actorName ?? <span className="muted">{t('theApp')}</span>}</td>
                    <td>
                      {actionWords(e.action)}
                      <span className="audit-code mono">{e.action}</span>
                    </td>
                    <td className="mono">
                      <bdi>{subjectWords(e, names)}</bdi>
                    </td>
                    <td className="audit-details">{detailWords(e, zone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {more && (
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={loading}
              onClick={() => void useManager.getState().loadOlderAudit()}
            >
              {t('older')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
