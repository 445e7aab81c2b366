import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/sales.ts';

type Props = {
  /** The radio group's name; one per form on a page. */
  name: string;
  value: PaymentMethod | null | undefined;
  onPick(method: PaymentMethod): void;
  /** The first tile, so the form can put the focus there when payment is missing. */
  firstRef?: RefObject<HTMLInputElement | null>;
  /** Whether the first tile takes the focus while none is chosen (a form whose first field is this). */
  autoFocus?: boolean;
};

/**
 * "Payment taken": cash, card or other as large tiles. A native radio group: the arrow keys move
 * and choose, so the chosen tile and the focused one must both be plain to see.
 */
export function PaymentTiles({ name, value, onPick, firstRef, autoFocus = true }: Props) {
  const { t } = useTranslation();
  return (
    <div className="choice-tiles" role="radiogroup" aria-label={t('payment.taken')}>
      {PAYMENT_METHODS.map((method, index) => (
        <label key={method} className={`choice-tile${value === method ? ' chosen' : ''}`}>
          <input
            ref={index === 0 ? firstRef : undefined}
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            autoFocus={autoFocus && index === 0 && !value}
            onChange={() => onPick(method)}
          />
          {t(`payment.${method}`)}
          {value === method && (
            <span className="tile-tick" aria-hidden="true">
              ✓
            </span>
          )}
        </label>
      ))}
    </div>
  );
}
