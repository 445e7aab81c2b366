import { useEffect, useRef } from 'react';
import type { AppError } from '../../../../shared/errors.ts';
import { formatMoney, multiplyMoney } from '../../../../shared/money.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { describeError, describeSaleFailure } from '../../errors.ts';
import { PAYMENT_LABEL, type Checkout } from './checkout.ts';

type Props = {
  checkout: Checkout;
  sale: SaleView | null;
  error: AppError | null;
  busy: boolean;
  onConfirm(): void;
  onBack(): void;
  onRetry(): void;
  onCheck(): void;
  onOtherPackage(): void;
};

/** Sales the backend is still settling: the clerk must not sell them again. */
export const UNSETTLED = new Set(['pending', 'submitting', 'uncertain']);

/** The summary, one button to sell, and every outcome other than success in words. */
export function ConfirmSale({ checkout, sale, error, busy, onConfirm, onBack, onRetry, onCheck, onOtherPackage }: Props) {
  const { offer, quantity, paymentMethod, email } = checkout;
  const total = multiplyMoney(offer.retail, quantity);
  const confirm = useRef<HTMLButtonElement>(null);
  const unsettled = sale !== null && UNSETTLED.has(sale.status);
  const failed = sale?.status === 'failed';
  const notFound = sale?.status === 'not_found';
  const failure = describeSaleFailure(sale?.failure ?? null);

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
      {unsettled && (
        <div className="notice warn" role="status">
          <p>
            <span className="spinner" aria-hidden="true" /> <strong>Checking with the eSIM service — do not sell again.</strong>
          </p>
          <p>
            {sale.failure?.reason ?? 'The answer did not come back.'} The app is checking whether the eSIM was issued; this can
            take two minutes. Keep the customer’s payment until it is settled.
          </p>
          <button type="button" className="button secondary" onClick={onCheck}>
            Check now
          </button>
        </div>
      )}
      {failed && (
        <div className="notice error" role="alert">
          <p>
            <strong>The sale did not go through.</strong> {failure.words}
          </p>
          {failure.detail && <p className="small">The eSIM service said: {failure.detail}</p>}
          <p>
            No eSIM was issued. Choose another package, or try again; give the money back if the customer does not want to wait.
          </p>
        </div>
      )}
      {notFound && (
        <div className="notice error" role="alert">
          <p>
            <strong>The eSIM service has no order for this sale.</strong> {sale.failure?.reason}
          </p>
          <p>Nothing was issued. You can send it again safely.</p>
        </div>
      )}
      {error && (
        <div className="notice error" role="alert">
          <p>{describeError(error)}</p>
          {error.fields && (
            <ul>
              {Object.entries(error.fields).map(([field, text]) => (
                <li key={field}>{text}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="actions">
        {failed ? (
          // A refused sale usually fails again (sold out, balance): the next package is the default.
          <>
            <button ref={confirm} type="button" className="button primary big" disabled={busy} onClick={onOtherPackage}>
              Choose another package <kbd>Esc</kbd>
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={onRetry}>
              {busy ? 'Sending…' : 'Try again'}
            </button>
          </>
        ) : notFound ? (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={onOtherPackage}>
              Choose another package <kbd>Esc</kbd>
            </button>
            <button ref={confirm} type="button" className="button primary big" disabled={busy} onClick={onRetry}>
              {busy ? 'Sending…' : 'Send again'}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button secondary" disabled={busy || unsettled} onClick={onBack}>
              Back <kbd>Esc</kbd>
            </button>
            {!unsettled && (
              <button
                ref={confirm}
                type="button"
                className="button primary big"
                disabled={busy}
                aria-busy={busy}
                onClick={onConfirm}
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
            )}
          </>
        )}
      </div>
    </section>
  );
}
