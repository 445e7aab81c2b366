import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { multiplyMoney } from '../../../../shared/money.ts';
import { CANCEL_BEFORE_DUE_MS, dueInstant } from '../../../../shared/orders.ts';
import { useFormats } from '../../i18n/format.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import { TaxRows, useTaxed } from '../../ui/TaxRows.tsx';
import { paymentWords, type Checkout } from '../sell/checkout.ts';
import { dueDateText } from './order-kind.ts';

type Props = {
  kind: 'group' | 'later';
  checkout: Checkout;
  busy: boolean;
  error: AppError | null;
  /** Nothing may be sold now (a pause, the service unreachable): the banner above says why. */
  blocked: boolean;
  onConfirm(): void;
  onBack(): void;
};

/** The summary of a group or future order and one button to order it, as the sale's confirm step. */
export function ConfirmOrder({ kind, checkout, busy, error, blocked, onConfirm, onBack }: Props) {
  const { t } = useTranslation(['orders', 'sell', 'common']);
  const f = useFormats();
  const { offer, quantity, paymentMethod, email, later } = checkout;
  const total = multiplyMoney(offer.retail, quantity);
  const taxed = useTaxed(total);
  const confirm = useRef<HTMLButtonElement>(null);
  const due = later ? dueInstant(dueDateText(later), f.timeZone) : null;

  useEffect(() => confirm.current?.focus(), []);

  return (
    <section className="confirm panel" aria-labelledby="confirm-order-heading">
      <h1 id="confirm-order-heading" className="step-heading">
        {t(kind === 'group' ? 'confirm.groupHeading' : 'confirm.laterHeading')}
      </h1>
      <dl className="summary">
        <dt>{t('sell:confirm.package')}</dt>
        <dd>
          {packageWords(offer.dataText, offer.days, f)} <span className="muted">({offer.operator})</span>
        </dd>
        <dt>{t('sell:confirm.worksIn')}</dt>
        <dd>{coverageWords(offer, f)}</dd>
        <dt>{t('sell:confirm.quantity')}</dt>
        <dd>{f.number(quantity)}</dd>
        {due !== null && (
          <>
            <dt>{t('confirm.due')}</dt>
            <dd data-testid="confirm-due">{f.dateTime(due)}</dd>
          </>
        )}
        <dt>{t('common:payment.taken')}</dt>
        <dd>{paymentMethod ? paymentWords(paymentMethod) : '—'}</dd>
        <dt>{t('sell:confirm.email')}</dt>
        <dd>{email.trim() || <span className="muted">{t('sell:confirm.noEmail')}</span>}</dd>
        <dt className="total-label">
          {taxed.rule.mode === 'added' && taxed.rule.percent > 0 ? t('sell:tax.beforeTax') : t('sell:confirm.total')}
        </dt>
        <dd className="total">{f.money(total)}</dd>
        <TaxRows taxed={taxed} />
      </dl>

      <p className="notice progress order-note">
        {kind === 'group'
          ? t('confirm.groupNote', { count: quantity })
          : t('confirm.laterNote', {
              email: email.trim(),
              until: due === null ? '' : f.dateTime(due - CANCEL_BEFORE_DUE_MS),
            })}
      </p>
      {busy && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" /> {t('confirm.sending')}
        </p>
      )}
      {error && error.code !== 'low_balance' && error.code !== 'journal_unavailable' && <AppErrorNotice error={error} />}

      <div className="actions">
        <button type="button" className="button secondary" disabled={busy} onClick={onBack}>
          {t('common:action.back')} <kbd>{t('common:key.escape')}</kbd>
        </button>
        <button
          ref={confirm}
          type="button"
          className="button primary big"
          /* Not disabled while sending, only marked so: a disabled button drops the keyboard's focus. */
          disabled={blocked && !busy}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {kind === 'group'
            ? t('confirm.orderGroup', { count: quantity, total: f.money(taxed.gross) })
            : t('confirm.orderLater', { due: due === null ? '' : f.dateTime(due), total: f.money(taxed.gross) })}{' '}
          <kbd>{t('common:key.enter')}</kbd>
        </button>
      </div>
    </section>
  );
}
