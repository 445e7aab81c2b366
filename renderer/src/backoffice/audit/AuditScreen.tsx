import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '../../../../shared/contract.ts';
import { useStore } from '../../state/store.ts';
import { AuditChainNotice } from '../../shell/AuditChainNotice.tsx';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { actionWords, detailWords, subjectWords } from './audit-words.ts';
import { dateTime } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice } from '../common/notices.tsx';
import { apiKey, callApi, useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';
import '../common/manager.css';

type AuditFilters = { action: string; subject: string; staffId: string };

const AUDIT_PAGE = 50;

/** The filters last applied, kept while the back office stays open, as the screen shows them again. */
let remembered: AuditFilters = { action: '', subject: '', staffId: '' };

const sameFilters = (a: AuditFilters, b: AuditFilters) =>
  a.action === b.action && a.subject === b.subject && a.staffId === b.staffId;

function auditQuery(filters: AuditFilters, beforeSeq?: number): InputOf<'audit.list'> {
  return {
    limit: AUDIT_PAGE,
    ...(beforeSeq ? { beforeSeq } : {}),
    ...(filters.action.trim() ? { action: filters.action.trim() } : {}),
    ...(filters.subject.trim() ? { subject: filters.subject.trim() } : {}),
    ...(filters.staffId ? { staffId: filters.staffId } : {}),
  };
}

/** The audit log, newest first, with filters, and a check of its hash chain. */
export default function AuditScreen() {
  const { t } = useTranslation('audit');
  const f = useFormats();
  const [applied, setApplied] = useState(remembered);
  const audit = useInfiniteQuery({
    queryKey: apiKey('audit.list', auditQuery(applied)),
    queryFn: ({ pageParam }) => callApi('audit.list', auditQuery(applied, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length === AUDIT_PAGE ? page.at(-1)?.seq : undefined),
    // Other filters' entries stay in view until their own arrive.
    placeholderData: keepPreviousData,
  });
  const entries = audit.data?.pages.flat() ?? [];
  const loading = audit.isFetching;
  const verify = useQuery({
    queryKey: apiKey('audit.verify', {}),
    async queryFn() {
      const checked = await callApi('audit.verify', {});
      // The backend keeps a break it finds: the notice on every back-office screen follows at once.
      if (!checked.ok) void useStore.getState().loadInfo();
      return checked;
    },
  });
  // Said afresh on each check: "Checking…" while it runs.
  const chain = verify.isFetching ? null : (verify.data ?? null);
  const chainError = verify.isFetching ? null : verify.error;
  const staff = useApiQuery('staff.all', {}).data;
  const timeZone = useManager((s) => s.settings?.timeZone);
  const storeZone = useStoreTimeZone();
  const [filters, setFilters] = useState<AuditFilters>(applied);

  useEffect(() => {
    const store = useManager.getState();
    if (!store.settings) void store.loadSettings();
  }, []);
  const apply = (next: AuditFilters) => {
    remembered = next;
    if (sameFilters(next, applied)) void audit.refetch();
    else setApplied(next);
  };

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
        <button type="button" className="button secondary" onClick={() => void verify.refetch()}>
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
          apply({ ...filters });
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
            apply(none);
          }}
        >
          {t('filter.clear')}
        </button>
      </form>
      <ErrorNotice error={audit.error} />
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
        {audit.hasNextPage && (
          <div className="actions">
            <button type="button" className="button secondary" disabled={loading} onClick={() => void audit.fetchNextPage()}>
              {t('older')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
