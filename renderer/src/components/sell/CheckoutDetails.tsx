import { PaymentTiles } from '../PaymentTiles.tsx';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatMoney, multiplyMoney } from '../../../../shared/money.ts';
import { MAX_QUANTITY, type Checkout } from './checkout.ts';

type Props = {
  checkout: Checkout;
  onChange(patch: Partial<Checkout>): void;
  onBack(): void;
  onContinue(): void;
};

/** Quantity, payment taken and the optional e-mail. Enter continues, + and − change the quantity. */
export function CheckoutDetails({ checkout, onChange, onBack, onContinue }: Props) {
  const [problem, setProblem] = useState<{ field: 'payment' | 'email'; text: string } | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const firstPayment = useRef<HTMLInputElement>(null);
  const { offer, quantity, paymentMethod } = checkout;

  const setQuantity = (n: number) => onChange({ quantity: Math.max(1, Math.min(MAX_QUANTITY, n)) });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!paymentMethod) {
      setProblem({ field: 'payment', text: 'Choose how the customer paid: cash, card or other.' });
      firstPayment.current?.focus();
      return;
    }
    // Only the shape of the address is checked here; the backend decides what it accepts.
    if (checkout.email.trim() && !email.current?.checkValidity()) {
      setProblem({ field: 'email', text: 'That e-mail address does not look right. Correct it or leave it empty.' });
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
      <h2 id="details-heading">Details</h2>
      <p className="chosen">
        <strong>
          {offer.dataText} · {offer.days} days
        </strong>{' '}
        — {offer.coverageName} · {offer.operator} · {formatMoney(offer.retail)} each
      </p>

      <fieldset className="field">
        <legend>How many eSIMs?</legend>
        <div className="stepper-input">
          <button
            type="button"
            className="button square secondary"
            aria-label="One less"
            disabled={quantity <= 1}
            onClick={() => setQuantity(quantity - 1)}
          >
            −
          </button>
          <output className="quantity" aria-live="polite" aria-label="Quantity">
            {quantity}
          </output>
          <button
            type="button"
            className="button square secondary"
            aria-label="One more"
            disabled={quantity >= MAX_QUANTITY}
            onClick={() => setQuantity(quantity + 1)}
          >
            +
          </button>
          <span className="muted">Total {formatMoney(multiplyMoney(offer.retail, quantity))}</span>
        </div>
      </fieldset>

      <fieldset className="field" aria-describedby={problem?.field === 'payment' ? 'payment-problem' : undefined}>
        <legend>Payment taken</legend>
        <PaymentTiles
          name="payment"
          value={paymentMethod}
          firstRef={firstPayment}
          onPick={(method) => {
            setProblem(null);
            onChange({ paymentMethod: method });
          }}
        />
        {problem?.field === 'payment' && (
          <p id="payment-problem" className="field-error" role="alert">
            {problem.text}
          </p>
        )}
      </fieldset>

      <label className="field">
        <span className="label">Customer e-mail (optional)</span>
        <input
          ref={email}
          className="text-input"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={checkout.email}
          aria-invalid={problem?.field === 'email'}
          onChange={(e) => {
            setProblem(null);
            onChange({ email: e.target.value });
          }}
        />
        <span className="hint">The eSIM service e-mails the customer a link with the install steps.</span>
        {problem?.field === 'email' && (
          <span className="field-error" role="alert">
            {problem.text}
          </span>
        )}
      </label>

      <div className="actions">
        <button type="button" className="button secondary" onClick={onBack}>
          Back <kbd>Esc</kbd>
        </button>
        <button type="submit" className="button primary">
          Continue <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
