import { TaxRows, useTaxed } from '../../ui/TaxRows.tsx';
import { PaymentTiles } from '../../ui/PaymentTiles.tsx';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { UNSETTLED_STATUSES, type PaymentMethod, type TopupOffer, type TopupView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { useWaitUntil } from '../../ui/useWaitUntil.ts';
import { useFormats } from '../../i18n/format.ts';

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
  const { t } = useTranslation(['topup', 'common']);
  const f = useFormats();
  const taxed = useTaxed(offer.retail);
  const [problem, setProblem] = useState<'payment' | 'checksum' | null>(null);
  const firstPayment = useRef<HTMLInputElement>(null);
  const checksumBox = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const checkingTitle = useRef<HTMLParagraphElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const unsettled = topup !== null && TOPUP_UNSETTLED.has(topup.status);
  const failed = topup?.status === 'failed';
  const notFound = topup?.status === 'not_found';
  const spent = failed || notFound;
  const failure = describeSaleFailure(topup?.failure ?? null);
  const waitUntil = useWaitUntil(failed ? (topup?.retryAfter ?? null) : null);

  useEffect(() => {
    if (busy) return;
    // The button that bought is gone while the top-up is checked: the focus goes to what happens now.
    if (unsettled) checkingTitle.current?.focus();
    else if (spent) retryButton.current?.focus();
    else if (paymentMethod) confirmButton.current?.focus();
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
    // Enter from a payment tile: the tiles are disabled while buying, the button keeps the focus.
    confirmButton.current?.focus();
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
      <h2 id="topup-confirm-heading">{t('confirm.heading')}</h2>
      <dl className="summary">
        <dt>{t('confirm.esim')}</dt>
        <dd className="iccid-digits">
          <bdi dir="ltr">{groupIccid(iccid)}</bdi>
        </dd>
        <dt>{t('confirm.topup')}</dt>
        <dd>
          <bdi>{offer.dataText}</bdi> · {t('days', { count: offer.days })}{' '}
          <span className="muted">
            (<bdi>{offer.title}</bdi>)
          </span>
        </dd>
        <dt className="total-label">{t('confirm.price')}</dt>
        <dd className="total">{f.money(offer.retail)}</dd>
        <TaxRows taxed={taxed} />
      </dl>

      {!luhnValid && (
        <div
          className={`notice warn${problem === 'checksum' ? ' attention' : ''}`}
          role={problem === 'checksum' ? 'alert' : 'note'}
        >
          <p>
            <strong>{t('confirm.checkTitle')}</strong> {t('confirm.checkBody')}
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
            {t('confirm.checked')}
          </label>
        </div>
      )}

      <fieldset className="field" disabled={busy || unsettled || spent}>
        <legend>{t('confirm.payment')}</legend>
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
            {t('confirm.paymentMissing')}
          </p>
        )}
      </fieldset>

      {/* Always there, so what appears in it is read; the outcome moves the focus (receipt, checking) or is an alert. */}
      <div role="status">
        {busy && !unsettled && (
          <p className="notice progress">
            <span className="spinner" aria-hidden="true" /> {t('confirm.busy')}
          </p>
        )}
      </div>
      {unsettled && (
        <div className="notice warn" role="group" aria-labelledby="topup-checking-title">
          <p id="topup-checking-title" ref={checkingTitle} tabIndex={-1}>
            <span className="spinner" aria-hidden="true" /> <strong>{t('confirm.checkingTitle')}</strong>
          </p>
          <p>
            {t('confirm.noAnswer')} {t('confirm.checkingBody')}
          </p>
          <button type="button" className="button secondary" onClick={onCheck}>
            {t('confirm.checkNow')}
          </button>
        </div>
      )}
      {failed && (
        <div className="notice error" role="alert">
          <p>
            <strong>{t('confirm.failedTitle')}</strong>{' '}
            {waitUntil ? t('confirm.waitUntil', { time: f.time(waitUntil) }) : failure.words}
          </p>
          {failure.detail && !waitUntil && <p className="small">{t('confirm.serviceSaid', { detail: failure.detail })}</p>}
          <p>{t('confirm.failedBody')}</p>
        </div>
      )}
      {notFound && (
        <div className="notice error" role="alert">
          <p>
            <strong>{t('confirm.notFoundTitle')}</strong> {t('confirm.notFoundBody')}
          </p>
          <p>{t('confirm.sendAgainSafe')}</p>
        </div>
      )}
      {error && error.code !== 'low_balance' && error.code !== 'journal_unavailable' && (
        <AppErrorNotice error={error} withFields={error.code !== 'bad_input'} />
      )}

      <div className="actions">
        <button type="button" className="button secondary" disabled={busy || unsettled} onClick={onBack}>
          {spent ? t('confirm.otherTopup') : t('common:action.back')} <kbd>Esc</kbd>
        </button>
        {spent ? (
          <button
            ref={retryButton}
            type="button"
            className="button primary big"
            disabled={(blocked || waitUntil !== null) && !busy}
            aria-disabled={busy || undefined}
            onClick={() => !busy && onRetry()}
          >
            {busy
              ? t('confirm.sending')
              : waitUntil
                ? t('confirm.tryAgainAt', { time: f.time(waitUntil) })
                : notFound
                  ? t('confirm.sendAgain')
                  : t('common:action.tryAgain')}
          </button>
        ) : (
          !unsettled && (
            // Not disabled while buying, only marked so: a disabled button drops the keyboard's focus.
            <button
              ref={confirmButton}
              type="submit"
              className="button primary big"
              disabled={blocked && !busy}
              aria-disabled={busy || undefined}
              aria-busy={busy}
            >
              {busy ? (
                <>
                  <span className="spinner light" aria-hidden="true" /> {t('confirm.toppingUp')}
                </>
              ) : (
                <>
                  {t('confirm.buy', { price: f.money(taxed.gross) })} <kbd>Enter</kbd>
                </>
              )}
            </button>
          )
        )}
      </div>
    </form>
  );
}
