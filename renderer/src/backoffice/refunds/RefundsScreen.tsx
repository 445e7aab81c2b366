import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { RefundView } from '../../../../shared/manager.ts';
import { REFUND_REASONS, type RefundReason } from '../../../../shared/refunds.ts';
import { describeError, iccidProblemWords } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice, Loading } from '../common/notices.tsx';
import { apiKey, queryClient, useApiMutation, useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';
import { parseIccidLines, refundReasonWords } from '../common/format.ts';
import { looksLikeEmail } from '../../../../shared/email.ts';
import '../common/manager.css';
import '../../counter/history/history.css';

const MAX_ICCIDS = 5;
const MAX_NOTES = 255;

/** Refund requests to the eSIM service (up to five eSIMs each) and what became of them. */
export default function RefundsScreen() {
  const { t } = useTranslation('refunds');
  const list = useApiQuery('refunds.list', {});
  const refunds = list.data ?? null;
  const {
    mutate: check,
    isPending: checking,
    error: checkError,
  } = useApiMutation('refunds.refresh', {
    onSuccess: (checked) => queryClient.setQueryData(apiKey('refunds.list', {}), checked),
  });
  const error = checkError ?? list.error;
  const f = useFormats();
  const listed = list.isFetched;

  useEffect(() => {
    const store = useManager.getState();
    if (!store.settings) void store.loadSettings();
  }, []);
  // The list at once, then the service's answers (at most once a minute unless asked).
  useEffect(() => {
    if (listed) check({ force: false });
  }, [listed, check]);

  const lastCheck = refunds?.reduce<string | null>(
    (last, r) => (r.checkedAt && (!last || r.checkedAt > last) ? r.checkedAt : last),
    null,
  );

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
      </header>
      <RefundForm />
      <section className="panel" aria-label={t('requests.region')}>
        <h2>{t('requests.heading')}</h2>
        <ErrorNotice error={error} />
        {refunds === null ? (
          !error && <Loading />
        ) : refunds.length === 0 ? (
          <p className="muted">{t('requests.none')}</p>
        ) : (
          <RefundTable refunds={refunds} />
        )}
        <p className="muted">{t('requests.about')}</p>
        <div className="actions">
          <button type="button" className="button secondary" disabled={checking} onClick={() => check({ force: true })}>
            {checking ? t('check.checking') : t('check.button')}
          </button>
          <span className="muted" role="status">
            {lastCheck ? t('check.last', { time: f.timeOrDate(lastCheck) }) : t('check.never')}
          </span>
        </div>
        <p className="muted small">{t('check.about')}</p>
      </section>
    </div>
  );
}

function RefundForm() {
  const { t } = useTranslation('refunds');
  const f = useFormats();
  const [iccidText, setIccidText] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [notes, setNotes] = useState('');
  const [email, setEmail] = useState('');
  const request = useApiMutation('refunds.request', { invalidates: ['refunds.list', 'refunds.limit'] });
  const busy = request.isPending;
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
      aria-label={t('form.region')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setOutcome(null);
        request.mutate(
          {
            iccids,
            reason,
            ...(notes.trim() ? { notes: notes.trim() } : {}),
            ...(email.trim() ? { email: email.trim() } : {}),
          },
          {
            onError: (error) => setOutcome({ ok: false, message: describeError(error) }),
            onSuccess: (refund) => {
              setOutcome({ ok: true, refund });
              if (refund.status === 'requested') {
                setIccidText('');
                setReason('');
                setNotes('');
                setEmail('');
              }
            },
          },
        );
      }}
    >
      <h2>{t('form.heading')}</h2>
      <div className="refund-grid">
        <label>
          {t('form.iccids', { max: f.number(MAX_ICCIDS) })}
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
            {t('form.reason')}
            <select value={reason} onChange={(e) => setReason(e.target.value as RefundReason | '')}>
              <option value="" disabled>
                {t('form.chooseReason')}
              </option>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r === 'OTHERS' ? t('form.otherReason') : refundReasonWords(r)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('form.email')}
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
          <span className="muted">{t('form.scanHint')}</span>
        ) : (
          <span className={bad.length || tooMany || duplicates ? 'bad' : 'muted'}>
            {t('form.count', { count: lines.length, max: MAX_ICCIDS })}
            {tooMany && t('form.tooMany', { max: MAX_ICCIDS })}
            {duplicates && t('form.duplicate')}
          </span>
        )}
        {bad.length > 0 && (
          <ul className="bad">
            {bad.map((l) => (
              <li key={l.line}>{t('form.line', { line: l.line, problem: l.ok ? '' : iccidProblemWords(l) })}</li>
            ))}
          </ul>
        )}
        {lines.some((l) => l.ok && !l.luhnValid) && (
          <p className="muted">
            {t('form.checkDigit', {
              lines: lines
                .filter((l) => l.ok && !l.luhnValid)
                .map((l) => t('form.lineNumber', { line: l.line }))
                .join(', '),
            })}
          </p>
        )}
      </div>
      <label className="wide">
        {reason === 'OTHERS' ? t('form.notesNeeded') : t('form.notesOptional')}
        <textarea
          rows={2}
          maxLength={MAX_NOTES}
          value={notes}
          aria-invalid={notesNeeded && notes !== ''}
          onChange={(e) => setNotes(e.target.value)}
        />
        <span className="muted counter-hint">{t('form.notesCount', { count: notes.length, max: MAX_NOTES })}</span>
      </label>
      {notesNeeded && <p className="muted">{t('form.sayWhy')}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!ready}>
          {busy ? t('form.sending') : t('form.submit')}
        </button>
      </div>
      {/* Below the button: above it, its arrival moved the button 45 px down under the manager's pointer. */}
      <RefundLimitLine />
      {outcome &&
        (!outcome.ok ? (
          <ErrorNotice error={outcome.message} />
        ) : outcome.refund.status === 'requested' ? (
          <div className="notice good" role="status">
            <Trans
              t={t}
              i18nKey="form.requested"
              count={outcome.refund.iccids.length}
              values={{ reference: outcome.refund.partnerId ?? '—' }}
              components={{ strong: <strong /> }}
            />
          </div>
        ) : (
          <div className="notice error" role="alert">
            {t('form.refused', { reason: outcome.refund.refusal ?? '' })}
          </div>
        ))}
    </form>
  );
}

/** How many requests the service takes, and when the next may go while the counter waits. */
function RefundLimitLine() {
  const { t } = useTranslation('history');
  const f = useFormats();
  const limit = useApiQuery('refunds.limit', {}).data;
  if (!limit) return null;
  const words = {
    requests: t('refund.requests', { count: limit.requests }),
    window: t('refund.window', { count: Math.round(limit.windowSeconds / 60) }),
  };
  return (
    <p className="muted">
      {limit.nextAt ? t('refund.limitWait', { ...words, time: f.time(limit.nextAt) }) : t('refund.limit', words)}
    </p>
  );
}

const CHIP: Record<RefundView['status'], string> = {
  requested: 'chip-ok',
  refused: 'chip-failed',
  refunded: 'chip-ok',
  partly_refunded: 'chip-ok',
};

/** What the service answered, in words: its reference while in review, what was refunded, or its refusal as it said it. */
function answerWords(r: RefundView, t: ReturnType<typeof useTranslation<'refunds'>>['t']): string | null {
  switch (r.status) {
    case 'requested':
      return t('table.reference', { reference: r.partnerId ?? '—' });
    case 'refunded':
      return t('table.refundedAll');
    case 'partly_refunded':
      return r.refunded.length > 0 ? t('table.refundedSome', { iccids: r.refunded.join(', ') }) : t('table.refundedUnclear');
    case 'refused':
      // A refusal is the service's own text, shown as it came.
      return r.refusal;
  }
}

function RefundTable({ refunds }: { refunds: readonly RefundView[] }) {
  const { t } = useTranslation('refunds');
  const f = useFormats();
  // Its own scroll: whole ICCIDs and long words (German) must not widen the page.
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('table.requested')}</th>
            <th scope="col">{t('table.iccids')}</th>
            <th scope="col">{t('table.reason')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.answer')}</th>
            <th scope="col">{t('table.by')}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((r) => (
            <tr key={r.id} data-refund-id={r.id}>
              <td className="nowrap">{f.dateTime(r.createdAt)}</td>
              <td className="mono iccid-list">
                {r.iccids.map((iccid) => (
                  <div key={iccid}>{iccid}</div>
                ))}
                {r.saleReference && <div className="audit-details">{t('table.fromSale', { reference: r.saleReference })}</div>}
              </td>
              <td>
                {refundReasonWords(r.reason)}
                {r.notes && <div className="audit-details">{r.notes}</div>}
              </td>
              <td>
                <span className={`chip ${CHIP[r.status]}`}>{t(`status.${r.status}`)}</span>
              </td>
              <td>{answerWords(r, t)}</td>
              <td>{r.requestedBy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
