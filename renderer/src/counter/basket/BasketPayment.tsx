import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/sales.ts';
import { describeError } from '../../errors.ts';
import { paymentWords } from '../sell/checkout.ts';

type Props = {
  payment: PaymentMethod | null;
  onChange(payment: PaymentMethod): void;
  error: AppError | null;
  /** Sent and not yet answered: the payment stays as it was sent. */
  disabled?: boolean;
};

/** How the customer paid for the whole basket, and why the basket was not taken when it was not. */
export function BasketPayment({ payment, onChange, error, disabled = false }: Props) {
  const { t } = useTranslation('sell', { keyPrefix: 'basket' });
  return (
    <>
      <fieldset className="field">
        <legend>{t('payment')}</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="radio">
            <input
              type="radio"
              name="basket-payment"
              checked={payment === method}
              disabled={disabled}
              onChange={() => onChange(method)}
            />
            {paymentWords(method)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="notice error" role="alert">
          {describeError(error)}
        </p>
      )}
    </>
  );
}
