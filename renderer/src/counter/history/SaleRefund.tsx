import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeEmail } from '../../../../shared/email.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { EsimRefund, RefundLimit } from '../../../../shared/history.ts';
import type { RefundView } from '../../../../shared/manager.ts';
import { REFUND_REASONS, type RefundReason } from '../../../../shared/refunds.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { refundReasonWords } from '../../backoffice/common/format.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { MAX_REFUND_ESIMS, refundable } from './history-words.ts';

const MAX_NOTES = 255;

type Props = {
  sale: SaleView;
  refunds: readonly EsimRefund[];
  onDone(refund: RefundView): void;
  onCancel(): void;
};

/**
 * A manager asks the eSIM service to refund eSIMs of this sale: the ones she ticks (at most five),
 * the reason picked from the service's list. Loaded only when a manager opens it.
 */
export default function SaleRefund({ sale, refunds, onDone, onCancel }: Props) {
  const { t } = useTranslation(['history', 'refunds', 'common']);
  const f = useFormats();
  const open = refundable(sale, refunds);
  // Nothing is ticked for the manager: a refund asked for an eSIM nobody chose cannot be taken back.
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [notes, setNotes] = useState('');
  const [email, setEmail] = useState(sale.customerEmail ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [limit, setLimit] = useState<RefundLimit | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    heading.current?.focus();
    void api()
      .call('refunds.limit', {})
      .then((result) => result.ok && setLimit(result.value));
  }, []);
  useEffect(() => {
    if (error || refused) answer.current?.focus();
  }, [error, refused]);

  const limitWords = (l: RefundLimit) => ({
    requests: t('refund.requests', { count: l.requests }),
    window: t('refund.window', { count: Math.round(l.windowSeconds / 60) }),
  });
  const notesNeeded = reason === 'OTHERS' && notes.trim() === '';
  const emailOk = email.trim() === '' || looksLikeEmail(email);
  const tooMany = picked.length > MAX_REFUND_ESIMS;
  const ready = picked.length > 0 && !tooMany && reason !== '' && !notesNeeded && emailOk && !busy;

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setError(null);
    setRefused(null);
    const result = await api().call('refunds.request', {
      saleId: sale.id,
      iccids: [...picked],
      reason,
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      if (result.error.code === 'rate_limited')
        void api()
          .call('refunds.limit', {})
          .then((r) => r.ok && setLimit(r.value));
      return;
    }
    if (result.value.status === 'refused') setRefused(result.value.refusal ?? '');
    else onDone(result.value);
  };

  return (
    <form
      className="sale-refund"
      aria-labelledby="sale-refund-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id="sale-refund-heading" ref={heading} tabIndex={-1}>
        {t('refund.heading', { reference: sale.reference })}
      </h3>
      {open.length === 0 ? (
        <p>{t('refund.nothingLeft')}</p>
      ) : (
        <fieldset>
          <legend>{t('refund.esims')}</legend>
          {sale.esims.map((e) => {
            const can = open.includes(e.iccid);
            return (
              <label key={e.iccid} className="check-row">
                <input
                  type="checkbox"
                  disabled={!can}
                  checked={picked.includes(e.iccid)}
                  onChange={(event) =>
                    setPicked(event.target.checked ? [...picked, e.iccid] : picked.filter((p) => p !== e.iccid))
                  }
                />
                <bdi dir="ltr" className="mono">
                  {groupIccid(e.iccid)}
                </bdi>
                {!can && <span className="muted small">{t('refund.notAgain')}</span>}
              </label>
            );
          })}
          {tooMany && <p className="bad">{t('refund.tooMany', { max: MAX_REFUND_ESIMS })}</p>}
        </fieldset>
      )}
      <label className="field">
        {t('refunds:form.reason')}
        <select value={reason} required onChange={(e) => setReason(e.target.value as RefundReason | '')}>
          <option value="" disabled>
            {t('refunds:form.chooseReason')}
          </option>
          {REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {r === 'OTHERS' ? t('refunds:form.otherReason') : refundReasonWords(r)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {reason === 'OTHERS' ? t('refunds:form.notesNeeded') : t('refunds:form.notesOptional')}
        <textarea rows={2} maxLength={MAX_NOTES} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <label className="field">
        {t('refunds:form.email')}
        <input type="email" value={email} aria-invalid={!emailOk} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
      </label>
      {limit && (
        <p className="muted small">
          {limit.nextAt
            ? t('refund.limitWait', { ...limitWords(limit), time: f.time(limit.nextAt) })
            : t('refund.limit', limitWords(limit))}
        </p>
      )}
      <div ref={answer} tabIndex={-1}>
        {error && (
          <p className="notice error" role="alert">
            {describeError(error)}
          </p>
        )}
        {refused !== null && (
          <p className="notice error" role="alert">
            {t('refunds:form.refused', { reason: refused })}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button primary" disabled={!ready}>
          {busy
            ? t('refunds:form.sending')
            : picked.length === 0
              ? t('refund.tickFirst')
              : t('refund.submit', { count: picked.length })}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
          {t('common:action.cancel')}
        </button>
      </div>
    </form>
  );
}
