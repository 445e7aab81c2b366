/**
 * What a close counted, as the lines the closed-day screen, the A4/80 mm Z report and the thermal
 * Z report all show, so the three cannot tell the figures differently: per currency the opening
 * float, the cash sales, the cash expected in the drawer (float plus cash sales, what the close
 * compared with), what was counted and the difference recorded; the card terminal and "other"
 * against the journal; and the notes and coins when the drawer was counted by them.
 */
import type { DayClose } from '../../../../shared/reports.ts';
import { COUNTED_TENDERS } from '../../../../shared/till.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { denominationWords } from './cash-count.ts';
import { formatDifference, paymentWords } from '../common/format.ts';

export type CloseLine = { readonly id: string; readonly label: string; readonly value: string };
export type CloseSection = {
  readonly id: string;
  readonly kind: 'drawer' | 'tender' | 'denominations';
  readonly heading: string;
  readonly lines: readonly CloseLine[];
};

type Counted = Pick<DayClose, 'float' | 'expected' | 'countedCash' | 'cashDifference' | 'tenders' | 'cashCounts'>;

const minorIn = (amounts: readonly { currency: string; minor: number }[], currency: string): number =>
  amounts.filter((m) => m.currency === currency).reduce((sum, m) => sum + m.minor, 0);

/** The drawer, the other tenders and the notes and coins of one close, in the reader's words. */
export function closeSections(close: Counted): CloseSection[] {
  const t = i18n.t.bind(i18n);
  const f = currentFormats();
  const float = close.float ?? [];
  const cashSales = close.expected.filter((e) => e.method === 'cash');
  const currencies = [...new Set([...float, ...cashSales, ...close.countedCash].map((m) => m.currency))];
  const sections: CloseSection[] = currencies.map((currency) => {
    const money = (minor: number) => f.money({ minor, currency });
    const floatMinor = minorIn(float, currency);
    const salesMinor = minorIn(cashSales, currency);
    return {
      id: `drawer-${currency}`,
      kind: 'drawer',
      heading: t('close:drawer.heading', { currency }),
      lines: [
        { id: 'float', label: t('close:drawer.float'), value: money(floatMinor) },
        { id: 'cash-sales', label: t('close:drawer.cashSales'), value: money(salesMinor) },
        { id: 'expected', label: t('close:drawer.expected'), value: money(floatMinor + salesMinor) },
        { id: 'counted', label: t('close:drawer.counted'), value: money(minorIn(close.countedCash, currency)) },
        {
          id: 'difference',
          label: t('close:drawer.difference'),
          value: formatDifference({ minor: minorIn(close.cashDifference, currency), currency }),
        },
      ],
    };
  });
  for (const method of COUNTED_TENDERS) {
    const expected = close.expected.filter((e) => e.method === method);
    const counted = (close.tenders ?? []).filter((c) => c.method === method);
    for (const currency of new Set([...expected, ...counted].map((m) => m.currency))) {
      const money = (minor: number) => f.money({ minor, currency });
      const count = counted.find((c) => c.currency === currency);
      sections.push({
        id: `tender-${method}-${currency}`,
        kind: 'tender',
        heading: `${paymentWords(method)} (${currency})`,
        lines: [
          { id: 'expected', label: t(`close:till.expected.${method}`), value: money(minorIn(expected, currency)) },
          ...(count
            ? [
                { id: 'counted', label: t('close:drawer.counted'), value: money(count.counted) },
                {
                  id: 'difference',
                  label: t('close:drawer.difference'),
                  value: formatDifference({ minor: count.difference, currency }),
                },
              ]
            : [{ id: 'counted', label: t('close:drawer.counted'), value: t('close:drawer.notCounted') }]),
        ],
      });
    }
  }
  for (const count of close.cashCounts ?? []) {
    sections.push({
      id: `denominations-${count.currency}`,
      kind: 'denominations',
      heading: t('close:denominations.recordHeading', { currency: count.currency }),
      lines: count.counts.map((d) => ({
        id: String(d.value),
        label: `${denominationWords(d.value, count.currency)} × ${f.number(d.count)}`,
        value: f.money({ minor: d.value * d.count, currency: count.currency }),
      })),
    });
  }
  return sections;
}
