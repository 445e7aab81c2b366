import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { multiplyMoney } from '../../../../shared/money.ts';
import { looksLikeEmail } from '../../../../shared/email.ts';
import { useFormats } from '../../i18n/format.ts';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import { PaymentTiles } from '../../ui/PaymentTiles.tsx';
import { type Checkout } from './checkout.ts';
import { GROUP_MAX_QUANTITY } from '../../../../shared/orders.ts';
import { EmailDelivery } from './EmailDelivery.tsx';
import { ProductSheet } from './ProductSheet.tsx';
import { OrderOptions } from '../orders/OrderOptions.tsx';
import { laterProblem, maxQuantityOf, quantityProblemOf, type LaterProblem } from '../orders/order-kind.ts';

type Props = {
  checkout: Checkout;
  onChange(patch: Partial<Checkout>): void;
  onBack(): void;
  onContinue(): void;
};

/**
 * Quantity, payment taken and the optional e-mail, in that order for Tab too. The focus starts at
 * the quantity (typed as it is, or the arrow keys; + and − change it from the rest of the form);
 * Enter continues from anywhere.
 */
export function CheckoutDetails({ checkout, onChange, onBack, onContinue }: Props) {
  const { t } = useTranslation(['sell', 'common', 'orders', 'delivery']);
  const f = useFormats();
  // The field at fault; its words are looked up when shown, so they follow a change of language.
  const [problem, setProblem] = useState<'payment' | 'email' | null>(null);
  const [later, setLater] = useState<LaterProblem | null>(null);
  // The date field is fetched on demand: asked for the focus by a count it acts on once it is there.
  const [dateFocus, setDateFocus] = useState(0);
  const [now] = useState(() => Date.now());
  const email = useRef<HTMLInputElement>(null);
  const firstPayment = useRef<HTMLInputElement>(null);
  const { offer, quantity, paymentMethod } = checkout;
  const quantityInput = useRef<HTMLInputElement>(null);

  // Also when coming back from Confirm (Escape): the clerk lands where the details start.
  useEffect(() => {
    quantityInput.current?.focus();
    quantityInput.current?.select();
  }, []);

  // A tour group or a later date takes up to the partner's maximum (OrderOptions).
  const max = maxQuantityOf(checkout);
  // What the clerk typed, kept as typed until it is a quantity this order takes; null shows the quantity.
  const [typed, setTyped] = useState<string | null>(null);
  const quantityProblem = typed === null ? null : quantityProblemOf(typed, max);
  const setQuantity = (n: number) => {
    setTyped(null);
    onChange({ quantity: Math.max(1, Math.min(max, n)) });
    // The next digit replaces the quantity rather than being appended to it.
    requestAnimationFrame(() => {
      if (document.activeElement === quantityInput.current) quantityInput.current?.select();
    });
  };
  const quantityWords = quantityProblem && t(`details.quantityProblem.${quantityProblem}`, { max, groupMax: GROUP_MAX_QUANTITY });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (quantityProblem) {
      quantityInput.current?.focus();
      return;
    }
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
    const laterIssue = laterProblem(checkout, f.timeZone, Date.now());
    setLater(laterIssue);
    if (laterIssue) {
      if (laterIssue.field === 'email') email.current?.focus();
      else setDateFocus((n) => n + 1);
      return;
    }
    onContinue();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // In a text field a key is what it types: "-5" in the quantity is refused in words, not read as one less.
    const inText = event.target instanceof HTMLInputElement && (event.target.type === 'email' || event.target.type === 'text');
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
      {/* From the catalogue, drawn with the step: the customer must know before paying, and the clerk's
          next click must not land on what it pushed down had it come with the product sheet. */}
      {offer.kyc && (
        <p className="notice warn" data-testid="kyc-notice">
          <strong>{t('delivery:sheet.kyc')}:</strong> {t('delivery:sheet.kycYes')}
        </p>
      )}
      <ProductSheet key={offer.id} packageId={offer.id} />

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
          {/* A text field, not type=number: a number field would quietly read "1e3" or "-5" as something else. */}
          <input
            ref={quantityInput}
            className="quantity"
            type="text"
            role="spinbutton"
            inputMode="numeric"
            autoComplete="off"
            aria-valuemin={1}
            aria-valuemax={max}
            aria-valuenow={quantityProblem ? undefined : quantity}
            aria-label={t('details.quantity')}
            aria-invalid={quantityProblem ? true : undefined}
            aria-describedby={quantityProblem ? 'quantity-problem' : undefined}
            value={typed ?? String(quantity)}
            onFocus={(e) => e.target.select()}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
              e.preventDefault();
              setQuantity(quantity + (e.key === 'ArrowUp' ? 1 : -1));
            }}
            onChange={(e) => {
              const text = e.target.value;
              setTyped(text);
              if (quantityProblemOf(text, max) === null) onChange({ quantity: Number(text.trim()) });
            }}
          />
          <button
            type="button"
            className="button square secondary"
            aria-label={t('details.oneMore')}
            disabled={quantity >= max}
            onClick={() => setQuantity(quantity + 1)}
          >
            +
          </button>
          {!quantityProblem && (
            <span className="muted">{t('details.total', { total: f.money(multiplyMoney(offer.retail, quantity)) })}</span>
          )}
        </div>
        {quantityWords && (
          <p id="quantity-problem" className="field-error" role="alert">
            {quantityWords}
          </p>
        )}
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
        {/* A future order is e-mailed at its due time: the address is needed then. */}
        <span className="label">{checkout.later ? t('confirm.email') : t('details.email')}</span>
        <input
          ref={email}
          className="text-input"
          type="email"
          autoComplete="off"
          placeholder={t('details.emailPlaceholder')}
          value={checkout.email}
          aria-required={Boolean(checkout.later)}
          aria-invalid={problem === 'email' || later?.field === 'email'}
          aria-describedby={later?.field === 'email' ? 'later-email-problem' : undefined}
          onChange={(e) => {
            setProblem(null);
            if (later?.field === 'email') setLater(null);
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
      <EmailDelivery checkout={checkout} onChange={onChange} />
      {/* Outside the label: it describes the field, it is not its name. */}
      {later?.field === 'email' && (
        <p id="later-email-problem" className="field-error" role="alert">
          {t('orders:options.problem.email_needed')}
        </p>
      )}

      {/* After the sale's own fields: a group or a later date is the rarer case, and Tab keeps the usual order. */}
      <OrderOptions
        checkout={checkout}
        problem={later}
        now={now}
        focusDate={dateFocus}
        onChange={(patch) => {
          setLater(null);
          setDateFocus(0);
          // A number refused as too many for a counter sale is taken once the clerk picks a group or a later date.
          const nextMax = maxQuantityOf({ ...checkout, ...patch });
          if (typed !== null && quantityProblemOf(typed, nextMax) === null) {
            setTyped(null);
            onChange({ ...patch, quantity: Number(typed.trim()) });
          } else onChange(patch);
        }}
      />

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
