import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { itemPrice, type BasketItem } from './basket-items.ts';
import { MAX_QUANTITY, useBasketDraft } from './draft.ts';
import { useItemWords } from './useItemWords.ts';

/** What is in the basket, a line each: how many eSIMs of a package (− and +), its price, a way out. */
export function BasketLines({
  items,
  disabled,
  afterRemove,
}: {
  items: readonly BasketItem[];
  disabled: boolean;
  /** The removed line's button is gone: the focus goes somewhere it can go on from. */
  afterRemove(): void;
}) {
  const { t } = useTranslation('sell', { keyPrefix: 'basket.lines' });
  const f = useFormats();
  const describe = useItemWords();
  const draft = useBasketDraft.getState();
  if (items.length === 0) return <p className="muted basket-empty">{t('empty')}</p>;
  return (
    <ol className="basket-lines" aria-label={t('heading')}>
      {items.map((item, index) => {
        const what = describe(item);
        return (
          <li key={item.kind === 'sale' ? item.offer.id : `${item.iccid}-${item.offer.id}-${index}`} className="basket-line">
            <span className="basket-line-what">{what}</span>
            {item.kind === 'sale' && (
              <span className="basket-qty" role="group" aria-label={t('quantity', { what })}>
                {/* At a limit a button says so and keeps the focus, rather than dropping it by going disabled. */}
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('fewer', { what })}
                  aria-disabled={disabled || item.quantity <= 1 || undefined}
                  onClick={() => !disabled && item.quantity > 1 && draft.setQuantity(index, item.quantity - 1)}
                >
                  −
                </button>
                <output>{item.quantity}</output>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('more', { what })}
                  aria-disabled={disabled || item.quantity >= MAX_QUANTITY || undefined}
                  onClick={() => !disabled && item.quantity < MAX_QUANTITY && draft.setQuantity(index, item.quantity + 1)}
                >
                  +
                </button>
              </span>
            )}
            <span className="basket-line-price">{f.money(itemPrice(item))}</span>
            <button
              type="button"
              className="button secondary small basket-remove"
              aria-label={t('remove', { what })}
              disabled={disabled}
              onClick={() => {
                draft.remove(index);
                afterRemove();
              }}
            >
              {t('removeShort')}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
