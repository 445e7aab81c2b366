import { useEffect, useRef } from 'react';
import type { AppError } from '../../../../shared/errors.ts';
import { formatMoney, multiplyMoney } from '../../../../shared/money.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { clock } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { UNSETTLED } from '../../state/sale.ts';
import { PAYMENT_LABEL, type Checkout } from './checkout.ts';
import { CheckingSale } from './CheckingSale.tsx';
import { AppErrorNotice } from '../AppErrorNotice.tsx';
import { useWaitUntil } from '../useWaitUntil.ts';

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
};

/** The summary, one button to sell, and every outcome other than success in words. */
export function ConfirmSale(props: Props) {
  const { checkout, sale, error, busy, blocked } = props;
  const { offer, quantity, paymentMethod, email } = checkout;
  const total = multiplyMoney(offer.retail, quantity);
  const confirm = useRef<HTMLButtonElement>(null);
  const unsettled = sale !== null && UNSETTLED.has(sale.status);
  const failed = sale?.status === 'failed';
  const notFound = sale?.status === 'not_found';
  const failure = describeSaleFailure(sale?.failure ?? null);
  const waitUntil = useWaitUntil(failed ? (sale?.retryAfter ?? null) : null);
  const zone = useStoreTimeZone();

  useEffect(() => {
    if (!busy && !unsettled) confirm.current?.focus();
  }, [busy, unsettled]);

  return (
    <section className="confirm panel" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Confirm the sale</h2>
      <dl className="summary">
        <dt>Package</dt>
        <dd>
          {offer.dataText} · {offer.days} days <span className="muted">({offer.operator})</span>
        </dd>
        <dt>Works in</dt>
        <dd>{offer.coverageName}</dd>
        <dt>Quantity</dt>
        <dd>{quantity}</dd>
        <dt>Payment taken</dt>
        <dd>{paymentMethod ? PAYMENT_LABEL[paymentMethod] : '—'}</dd>
        <dt>Customer e-mail</dt>
        <dd>{email.trim() || <span className="muted">none</span>}</dd>
        <dt className="total-label">Total</dt>
        <dd className="total">{formatMoney(total)}</dd>
      </dl>

      {busy && !unsettled && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" /> Selling… the eSIM service is issuing the eSIM. Keep this window open.
        </p>
      )}
      {unsettled && <CheckingSale sale={sale} check={props.check} onCheck={props.onCheck} onSetAside={props.onSetAside} />}
      {failed && (
        <div className="notice error" role="alert">
          <p>
            <strong>The sale did not go through.</strong>{' '}
            {waitUntil ? `The eSIM service asked us to wait until ${clock(waitUntil, zone)}.` : failure.words}
          </p>
          {failure.detail && !waitUntil && <p className="small">The eSIM service said: {failure.detail}</p>}
          <p>
            No eSIM was issued.{' '}
            {failure.soldOut
              ? 'Give the money back if none of the other packages suits the customer.'
              : 'Give the money back if the customer does not want to wait.'}
          </p>
        </div>
      )}
      {notFound && (
        <div className="notice error" role="alert">
          <p>
            <strong>The eSIM service has no order for this sale.</strong> Nothing was issued and nothing was charged.
          </p>
          <p>You can send it again safely, or give the customer’s money back.</p>
        </div>
      )}
      {/* The banner above already says why a sale was refused for a pause. */}
      {error && error.code !== 'low_balance' && error.code !== 'journal_unavailable' && <AppErrorNotice error={error} />}
      {blocked && !sale && (
        <p className="notice warn" role="note" data-testid="confirm-blocked">
          Selling is off until the message above has gone. Do not take the payment yet.
        </p>
      )}

      <div className="actions">
        {failed ? (
          // A refused sale usually fails again (sold out, balance): the next package is the default.
          <>
            <button ref={confirm} type="button" className="button primary big" disabled={busy} onClick={props.onOtherPackage}>
              Choose another package <kbd>Esc</kbd>
            </button>
            {!failure.soldOut && (
              <button
                type="button"
                className="button secondary"
                disabled={busy || blocked || waitUntil !== null}
                onClick={props.onRetry}
              >
                {busy ? 'Sending…' : waitUntil ? `Try again at ${clock(waitUntil, zone)}` : 'Try again'}
              </button>
            )}
          </>
        ) : notFound ? (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={props.onOtherPackage}>
              Choose another package <kbd>Esc</kbd>
            </button>
            <button ref={confirm} type="button" className="button primary big" disabled={busy || blocked} onClick={props.onRetry}>
              {busy ? 'Sending…' : 'Send again'}
            </button>
          </>
        ) : unsettled ? null : (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={props.onBack}>
              Back <kbd>Esc</kbd>
            </button>
            <button
              ref={confirm}
              type="button"
              className="button primary big"
              disabled={busy || blocked}
              aria-busy={busy}
              onClick={props.onConfirm}
            >
              {busy ? (
                <>
                  <span className="spinner light" aria-hidden="true" /> Selling…
                </>
              ) : (
                <>
                  Sell for {formatMoney(total)} <kbd>Enter</kbd>
                </>
              )}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
