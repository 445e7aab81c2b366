import { TaxRows, useTaxed } from '../../ui/TaxRows.tsx';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { multiplyMoney } from '../../../../shared/money.ts';
import type { SalesReadiness, SaleView } from '../../../../shared/sales.ts';

import { describeSaleFailure } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { UNSETTLED } from '../../state/sale.ts';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import { paymentWords, type Checkout } from './checkout.ts';
import { CheckingSale } from './CheckingSale.tsx';
import { DeliverySummary } from './EmailDelivery.tsx';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { useWaitUntil } from '../../ui/useWaitUntil.ts';

/** Fetched the first time the service is away on Confirm: the first paint does without it. */
const OfflineOffer = lazy(() => import('./OfflineSale.tsx').then((m) => ({ default: m.OfflineOffer })));

type Props = {
  checkout: Checkout;
  sale: SaleView | null;
  error: AppError | null;
  busy: boolean;
  /** Nothing may be sold now (a pause, the service unreachable): the banner above says why. */
  blocked: boolean;
  check: { readonly busy: boolean; readonly at: number | null };
  onConfirm(): void;
  onBack(): void;
  onRetry(): void;
  onCheck(): void;
  onOtherPackage(): void;
  onSetAside(): void;
  /** Set while the service is away and a manager allows it: the sale can be taken to be e-mailed later. */
  offline?: { readonly readiness: SalesReadiness; onTake(email: string, again: string): void };
};

/** The summary, one button to sell, and every outcome other than success in words. */
export function ConfirmSale(props: Props) {
  const { checkout, sale, error, busy, blocked } = props;
  const { offer, quantity, paymentMethod, email } = checkout;
  const total = multiplyMoney(offer.retail, quantity);
  const taxed = useTaxed(total);
  const confirm = useRef<HTMLButtonElement>(null);
  const unsettled = sale !== null && UNSETTLED.has(sale.status);
  const failed = sale?.status === 'failed';
  const notFound = sale?.status === 'not_found';
  const failure = describeSaleFailure(sale?.failure ?? null);
  // Taken offline instead: before any sale, or after one the service never got because it was away.
  const offerOffline =
    blocked &&
    props.offline !== undefined &&
    (!sale || (failed && ['unreachable', 'not_sent', 'rate_limited'].includes(sale.failure?.code ?? '')));
  const waitUntil = useWaitUntil(failed ? (sale?.retryAfter ?? null) : null);
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();

  useEffect(() => {
    if (!busy && !unsettled) confirm.current?.focus();
  }, [busy, unsettled]);

  return (
    <section className="confirm panel" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="step-heading">
        {t('confirm.heading')}
      </h1>
      <dl className="summary">
        <dt>{t('confirm.package')}</dt>
        <dd>
          {packageWords(offer.dataText, offer.days, f)} <span className="muted">({offer.operator})</span>
        </dd>
        <dt>{t('confirm.worksIn')}</dt>
        <dd>{coverageWords(offer, f)}</dd>
        <dt>{t('confirm.quantity')}</dt>
        <dd>{f.number(quantity)}</dd>
        <dt>{t('common:payment.taken')}</dt>
        <dd>{paymentMethod ? paymentWords(paymentMethod) : '—'}</dd>
        <dt>{t('confirm.email')}</dt>
        <dd>{email.trim() || <span className="muted">{t('confirm.noEmail')}</span>}</dd>
        <DeliverySummary checkout={checkout} />
        <dt className="total-label">
          {taxed.rule.mode === 'added' && taxed.rule.percent > 0 ? t('tax.beforeTax') : t('confirm.total')}
        </dt>
        <dd className="total">{f.money(total)}</dd>
        <TaxRows taxed={taxed} />
      </dl>

      {/* Always there, so what appears in it is read; the outcome moves the focus (Sold, Checking) or is an alert. */}
      <div role="status">
        {busy && !unsettled && (
          <p className="notice progress">
            <span className="spinner" aria-hidden="true" /> {t('confirm.selling')}
          </p>
        )}
      </div>
      {unsettled && <CheckingSale sale={sale} check={props.check} onCheck={props.onCheck} onSetAside={props.onSetAside} />}
      {failed && (
        <div className="notice error" role="alert">
          <p>
            <strong>{t('confirm.failed')}</strong>{' '}
            {waitUntil ? t('confirm.waitUntil', { time: f.time(waitUntil) }) : failure.words}
          </p>
          {failure.detail && !waitUntil && <p className="small">{t('confirm.serviceSaid', { detail: failure.detail })}</p>}
          <p>
            {t('confirm.noneIssued')} {failure.soldOut ? t('confirm.refundSoldOut') : t('confirm.refundWait')}
          </p>
        </div>
      )}
      {notFound && (
        <div className="notice error" role="alert">
          <p>
            <strong>{t('confirm.notFound')}</strong> {t('confirm.notFoundNothing')}
          </p>
          <p>{t('confirm.notFoundNext')}</p>
        </div>
      )}
      {/* The banner above already says why a sale was refused for a pause. */}
      {error && error.code !== 'low_balance' && error.code !== 'journal_unavailable' && !offerOffline && (
        <AppErrorNotice error={error} />
      )}
      {blocked && !sale && !props.offline && (
        <p className="notice warn" role="note" data-testid="confirm-blocked">
          {t('confirm.blocked')}
        </p>
      )}
      {offerOffline && props.offline && (
        <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
          <OfflineOffer
            checkout={checkout}
            readiness={props.offline.readiness}
            busy={busy}
            error={error}
            onTake={props.offline.onTake}
          />
        </Suspense>
      )}

      <div className="actions">
        {failed ? (
          // A refused sale usually fails again (sold out, balance): the next package is the default.
          <>
            <button ref={confirm} type="button" className="button primary big" disabled={busy} onClick={props.onOtherPackage}>
              {t('confirm.otherPackage')} <kbd>{t('common:key.escape')}</kbd>
            </button>
            {!failure.soldOut && (
              <button
                type="button"
                className="button secondary"
                disabled={(blocked || waitUntil !== null) && !busy}
                aria-disabled={busy || undefined}
                onClick={() => !busy && props.onRetry()}
              >
                {busy
                  ? t('confirm.sending')
                  : waitUntil
                    ? t('confirm.tryAgainAt', { time: f.time(waitUntil) })
                    : t('common:action.tryAgain')}
              </button>
            )}
          </>
        ) : notFound ? (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={props.onOtherPackage}>
              {t('confirm.otherPackage')} <kbd>{t('common:key.escape')}</kbd>
            </button>
            <button
              ref={confirm}
              type="button"
              className="button primary big"
              disabled={blocked && !busy}
              aria-disabled={busy || undefined}
              onClick={() => !busy && props.onRetry()}
            >
              {busy ? t('confirm.sending') : t('confirm.sendAgain')}
            </button>
          </>
        ) : unsettled ? null : (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={props.onBack}>
              {t('common:action.back')} <kbd>{t('common:key.escape')}</kbd>
            </button>
            {/* Not disabled while selling, only marked so: a disabled button drops the keyboard's focus. */}
            <button
              ref={confirm}
              type="button"
              className="button primary big"
              disabled={blocked && !busy}
              aria-disabled={busy || undefined}
              aria-busy={busy}
              onClick={() => !busy && props.onConfirm()}
            >
              {busy ? (
                <>
                  <span className="spinner light" aria-hidden="true" /> {t('confirm.sellingShort')}
                </>
              ) : (
                <>
                  {t('confirm.sellFor', { total: f.money(taxed.gross) })} <kbd>{t('common:key.enter')}</kbd>
                </>
              )}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
