/**
 * The pieces a report is laid out with on the thermal printer (the Z report, a period's report): a
 * line of text, a label with its value flush at the end, a heading over a rule, and a row fitted
 * to the printer's columns. The backend encodes them (electron/backend/printing/escpos.ts).
 */
import { fitsPrinterText, type ReceiptBlockInput, type StoreHeader } from '../../../shared/printing.ts';
import { i18n } from '../i18n/i18n.ts';

type TextBlock = Extract<ReceiptBlockInput, { kind: 'text' }>;

export const text = (value: string, extra: Partial<TextBlock> = {}): ReceiptBlockInput => ({
  kind: 'text',
  text: value,
  ...extra,
});

export const pair = (label: string, value: string): ReceiptBlockInput => ({ kind: 'pair', label, value });

export const heading = (value: string): ReceiptBlockInput[] => [
  text(value.toLocaleUpperCase(i18n.language), { bold: true }),
  { kind: 'rule' },
];

/** A report's head: the store's name, its address and tax number, centred. */
export const storeHead = (store: StoreHeader): ReceiptBlockInput[] => [
  text(store.name, { align: 'center', size: 'large', bold: true }),
  ...(store.address ? [text(store.address, { align: 'center' })] : []),
  ...(store.taxId ? [text(i18n.t('close:z.taxId', { taxId: store.taxId }), { align: 'center' })] : []),
];

/** Columns a label keeps at least when it is cut: shorter, it would no longer say what it is. */
const LABEL_MIN = 8;
const length = (s: string) => [...s].length;

/**
 * A label and its value on one line of `columns` characters: a label too long for it (a package's
 * title, a clerk's full name) is cut with "…", so a list of rows stays one row a line. An amount
 * is never cut: when even a short label leaves it no room, the value takes a line of its own. Text
 * the printer draws as a picture (Arabic, Japanese…) is measured when drawn, not here.
 */
export function fittedPair(label: string, value: string, columns: number): ReceiptBlockInput {
  const room = columns - 1 - length(value);
  if (length(label) <= room || room < LABEL_MIN || !fitsPrinterText(label + value)) return pair(label, value);
  return pair(
    `${[...label]
      .slice(0, room - 1)
      .join('')
      .trimEnd()}…`,
    value,
  );
}
