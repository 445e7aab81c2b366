import { PaymentTiles } from '../PaymentTiles.tsx';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/errors.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { UNSETTLED_STATUSES, type PaymentMethod, type TopupOffer, type TopupView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { groupIccid } from '../EsimCodes.tsx';
import { AppErrorNotice } from '../AppErrorNotice.tsx';
import { useWaitUntil } from '../useWaitUntil.ts';
import { clock } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';

/** What the clerk has chosen for the top-up being prepared. */
export type TopupCheckout = {
  /** Made when this step opens: a second Enter or click buys the same top-up, never a second one. */
  topupId: string;
  iccid: string;
  luhnValid: boolean;
  offer: TopupOffer;
  paymentMethod: PaymentMethod | null;
  checksumConfirmed: boolean;
};

type Props = {
  checkout: TopupCheckout;
  topup: TopupView | null;
  error: AppError | null;
  busy: boolean;
  /** Nothing may be sold now (a pause, the service unreachable): the banner above says why. */
  blocked: boolean;
  onChange(patch: Partial<TopupCheckout>): void;
  onConfirm(): void;
  onBack(): void;
  onRetry(): void;
  onCheck(): void;
};

export const TOPUP_UNSETTLED: ReadonlySet<string> = new Set(UNSETTLED_STATUSES);

/** Payment, the check-digit confirmation when needed, one button to buy, and every outcome in words. */
export function ConfirmTopup(props: Props) {
  const { checkout, topup, error, busy, blocked, onChange, onConfirm, onBack, onRetry, onCheck } = props;
  const { offer, paymentMethod, iccid, luhnValid, checksumConfirmed } = checkout;
  const [problem, setProblem] = useState<'payment' | 'checksum' | null>(null);
  const firstPayment = useRef<HTMLInputElement>(null);
  const checksumBox = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const unsettled = topup !== null && TOPUP_UNSETTLED.has(topup.status);
  const failed = topup?.status === 'failed';
  const notFound = topup?.status === 'not_found';
  const spent = failed || notFound;
  const failure = describeSaleFailure(topup?.failure ?? null);
  const waitUntil = useWaitUntil(failed ? (topup?.retryAfter ?? null) : null);
  const zone = useStoreTimeZone();

  useEffect(() => {
    if (paymentMethod && !busy && !unsettled) confirmButton.current?.focus();
    // Only when the step opens with a payment already chosen or an answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy, unsettled]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || unsettled || spent || blocked) return;
    if (!paymentMethod) {
      setProblem('payment');
      firstPayment.current?.focus();
      return;
    }
    if (!luhnValid && !checksumConfirmed) {
      setProblem('checksum');
      checksumBox.current?.focus();
      return;
    }
    onConfirm();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="confirm panel" noValidate onSubmit={submit} onKeyDown={onKeyDown} aria-labelledby="topup-confirm-heading">
      <h2 id="topup-confirm-heading">Confirm the top-up</h2>
      <dl className="summary">
        <dt>eSIM</dt>
        <dd className="iccid-digits">{groupIccid(iccid)}</dd>
        <dt>Top-up</dt>
        <dd>
          {offer.dataText} · {offer.days} days <span className="muted">({offer.title})</span>
        </dd>
        <dt className="total-label">Price</dt>
        <dd className="total">{formatMoney(offer.retail)}</dd>
      </dl>

      {!luhnValid && (
        <div
          className={`notice warn${problem === 'checksum' ? ' attention' : ''}`}
          role={problem === 'checksum' ? 'alert' : 'note'}
        >
          <p>
            <strong>Check the number.</strong> The last digit of this ICCID does not check out, which often means a typing
            mistake. Compare every digit with the customer’s card or receipt.
          </p>
          <label className="check-line">
            <input
              ref={checksumBox}
              type="checkbox"
              checked={checksumConfirmed}
              disabled={busy || unsettled || spent}
              onChange={(e) => {
                setProblem(null);
                onChange({ checksumConfirmed: e.target.checked });
              }}
            />
            I compared it: the number is right
          </label>
        </div>
      )}

      <fieldset className="field" disabled={busy || unsettled || spent}>
        <legend>Payment taken</legend>
        <PaymentTiles
          name="topup-payment"
          value={paymentMethod}
          firstRef={firstPayment}
          onPick={(method) => {
            setProblem(null);
            onChange({ paymentMethod: method });
          }}
        />
        {problem === 'payment' && (
          <p className="field-error" role="alert">
            Choose how the customer paid: cash, card or other.
          </p>
        )}
      </fieldset>

      {busy && !unsettled && (
        <p className="notice progress" role="status">
          <span className="spinner" aria-hidden="true" /> Topping up… the eSIM service is adding the data. Keep this window open.
        </p>
      )}
      {unsettled && (
        <div className="notice warn" role="status">
          <p>
            <span className="spinner" aria-hidden="true" /> <strong>Checking with the eSIM service — do not top up again.</strong>
          </p>
          <p>
            {topup.failure?.reason ?? 'The answer did not come back.'} The app is checking whether the top-up went through; this
            can take two minutes. Keep the customer’s payment until it is settled.
          </p>
          <button type="button" className="button secondary" onClick={onCheck}>
            Check now
          </button>
        </div>
      )}
      {failed && (
        <div className="notice error" role="alert">
          <p>
            <strong>The top-up did not go through.</strong>{' '}
            {waitUntil ? `The eSIM service asked us to wait until ${clock(waitUntil, zone)}.` : failure.words}
          </p>
          {failure.detail && !waitUntil && <p className="small">The eSIM service said: {failure.detail}</p>}
          <p>No data was added and nothing was charged by the service. Choose another top-up or try again.</p>
        </div>
      )}
      {notFound && (
        <div className="notice error" role="alert">
          <p>
            <strong>The eSIM service has no order for this top-up.</strong> No data was added and nothing was charged.
          </p>
          <p>You can send it again safely.</p>
        </div>
      )}
      {error && error.code !== 'low_balance' && error.code !== 'journal_unavailable' && (
        <AppErrorNotice error={error} withFields={error.code !== 'bad_input'} />
      )}

      <div className="actions">
        <button type="button" className="button secondary" disabled={busy || unsettled} onClick={onBack}>
          {spent ? 'Choose another top-up' : 'Back'} <kbd>Esc</kbd>
        </button>
        {spent ? (
          <button type="button" className="button primary big" disabled={busy || blocked || waitUntil !== null} onClick={onRetry}>
            {busy ? 'Sending…' : waitUntil ? `Try again at ${clock(waitUntil, zone)}` : notFound ? 'Send again' : 'Try again'}
          </button>
        ) : (
          !unsettled && (
            <button ref={confirmButton} type="submit" className="button primary big" disabled={busy || blocked} aria-busy={busy}>
              {busy ? (
                <>
                  <span className="spinner light" aria-hidden="true" /> Topping up…
                </>
              ) : (
                <>
                  Top up for {formatMoney(offer.retail)} <kbd>Enter</kbd>
                </>
              )}
            </button>
          )
        )}
      </div>
    </form>
  );
}
