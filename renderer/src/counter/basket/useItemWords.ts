import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import type { BasketItem } from './basket-items.ts';

/**
 * A basket line in the clerk's words: "Japan: 3 GB · 30 days · Moshi", "Top-up 1 GB · 7 days · ICCID …",
 * with "2 × " in front where the count is not said beside it.
 */
export function useItemWords(): (item: BasketItem, withQuantity?: boolean) => string {
  const { t } = useTranslation('sell', { keyPrefix: 'basket' });
  const f = useFormats();
  return useCallback(
    (item, withQuantity = false) => {
      const what = packageWords(item.offer.dataText, item.offer.days, f);
      if (item.kind === 'topup') return t('topupLine', { package: what, iccid: groupIccid(item.iccid) });
      // The operator too: two packages of one place, data and days are told apart by it.
      const line = `${coverageWords(item.offer, f)}: ${what} · ${item.offer.operator}`;
      return withQuantity && item.quantity > 1 ? `${item.quantity} × ${line}` : line;
    },
    [t, f],
  );
}
