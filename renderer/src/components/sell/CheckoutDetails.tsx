import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { multiplyMoney } from '../../../../shared/money.ts';
import { looksLikeEmail } from '../../../../shared/email.ts';
import { useFormats } from '../../i18n/format.ts';
import { coverageWords, packageWords } from '../package-words.ts';
import { PaymentTiles } from '../PaymentTiles.tsx';
import { MAX_QUANTITY, type Checkout } from './checkout.ts';

type Props = {
  checkout: Checkout;
  onChange(patch: Partial<Checkout>): void;
  onBack(): void;
  onContinue(): void;
};

/**
 * Quantity, payment taken and the optional e-mail, in that order for Tab too. The focus starts at
 * the quantity (digits, the arrow keys, + and − change it); Enter continues from anywhere.
 */
export function CheckoutDetails({ checkout, onChange, onBack, onContinue }: Props) {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  // The field at fault; its words are looked up when shown, so they follow a change of language.
  const [problem, setProblem] = useState<'payment' | 'email' | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const firstPayment = useRef<HTMLInputElement>(null);
  const { offer, quantity, paymentMethod } = checkout;
  const quantityInput = useRef<HTMLInputElement>(null);

  // Also when coming back from Confirm (Escape): the clerk lands where the details start.
  useEffect(() => {
    quantityInput.current?.focus();
    quantityInput.current?.select();
  }, []);

  const setQuantity = (n: number) => onChange({ quantity: Math.max(1, Math.min(MAX_QUANTITY, n)) });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!paymentMethod) {
      setProblem('payment');
      firstPayment.current?.focus();
      return;
    }
    // The same check as the backend's, so an address like "anna@example" is caught here, not at Confirm.
    if (checkout.email.trim() && !looksLikeEmail(checkout.email)) {
      setProblem('email');
      email.current?.focus();
      return;
    }
    onContinue();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const inText = event.target instanceof HTMLInputElement && event.target.type === 'email';
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      // Radios do not submit a form on Enter by themselves.
      event.preventDefault();
      submit();
    } else if (!inText && (event.key === '+' || event.key === '=')) {
      event.preventDefault();
      setQuantity(quantity + 1);
    } else if (!inText && event.key === '-') {
      event.preventDefault();
      setQuantity(quantity - 1);
    }
  };

  return (
    <form className="checkout panel" noValidate onSubmit={submit} onKeyDown={onKeyDown} aria-labelledby="details-heading">
      <h1 id="details-heading" className="step-heading">
        {t('details.heading')}
      </h1>
      <p className="chosen">
        <strong>{packageWords(offer.dataText, offer.days, f)}</strong>{' '}
        {t('details.chosen', { place: coverageWords(offer, f), operator: offer.operator, price: f.money(offer.retail) })}
      </p>

      <fieldset className="field">
        <legend>{t('details.howMany')}</legend>
        <div className="stepper-input">
          <button
            type="button"
            className="button square secondary"
            aria-label={t('details.oneLess')}
            disabled={quantity <= 1}
            onClick={() => setQuantity(quantity - 1)}
          >
            −
          </button>
          <input
            ref={quantityInput}
            className="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            aria-label={t('details.quantity')}
            value={quantity}
            onFocus={(e) => e.target.select()}
            onKeyDown={(e) => {
              // One key, one quantity: a digit sets it (1 then 0 makes 10) rather than being appended.
              if (!/^\d$/.test(e.key)) return;
              e.preventDefault();
              const digit = Number(e.key);
              if (digit > 0) setQuantity(digit);
              else if (quantity === 1) setQuantity(10);
            }}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              if (Number.isFinite(n)) setQuantity(n);
            }}
          />
          <button
            type="button"
            className="button square secondary"
            aria-label={t('details.oneMore')}
            disabled={quantity >= MAX_QUANTITY}
            onClick={() => setQuantity(quantity + 1)}
          >
            +
          </button>
          <span className="muted">{t('details.total', { total: f.money(multiplyMoney(offer.retail, quantity)) })}</span>
        </div>
      </fieldset>

      <fieldset className="field" aria-describedby={problem === 'payment' ? 'payment-problem' : undefined}>
        <legend>{t('common:payment.taken')}</legend>
        <PaymentTiles
          name="payment"
          value={paymentMethod}
          firstRef={firstPayment}
          autoFocus={false}
          onPick={(method) => {
            setProblem(null);
            onChange({ paymentMethod: method });
          }}
        />
        {problem === 'payment' && (
          <p id="payment-problem" className="field-error" role="alert">
            {t('details.paymentMissing')}
          </p>
        )}
      </fieldset>

      <label className="field">
        <span className="label">{t('details.email')}</span>
        <input
          ref={email}
          className="text-input"
          type="email"
          autoComplete="off"
          placeholder={t('details.emailPlaceholder')}
          value={checkout.email}
          aria-invalid={problem === 'email'}
          onChange={(e) => {
            setProblem(null);
            onChange({ email: e.target.value });
          }}
        />
        <span className="hint">{t('details.emailHint')}</span>
        {problem === 'email' && (
          <span className="field-error" role="alert">
            {t('details.emailWrong')}
          </span>
        )}
      </label>

      <div className="actions">
        <button type="button" className="button secondary" onClick={onBack}>
          {t('common:action.back')} <kbd>{t('common:key.escape')}</kbd>
        </button>
        <button type="submit" className="button primary">
          {t('common:action.continue')} <kbd>{t('common:key.enter')}</kbd>
        </button>
      </div>
    </form>
  );
}
