/**
 * Counting the drawer by notes and coins: what the manager typed per note or coin, read as whole
 * numbers of pieces, added up into the counted cash. Words from the catalogues in the language on
 * screen, numbers from currentFormats(); the component that shows them uses useTranslation.
 */
import { countTotal, MAX_PIECES, type Denomination, type DenominationCount } from '../../../../shared/denominations.ts';
import { minorDigits, toDecimalString } from '../../../../shared/money.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import type { Parsed } from '../common/format.ts';

export type Pieces = { readonly ok: true; readonly count: number } | { readonly ok: false; readonly message: string };

/** Full-width (IME) and Arabic-Indic digits as ASCII: a count typed in the reader's own digits. */
function asciiDigits(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** How many of one note or coin: empty is none; otherwise a whole number from 0 to MAX_PIECES. */
export function parsePieces(text: string): Pieces {
  const t = asciiDigits(text).replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return { ok: true, count: 0 };
  if (!/^\d+$/.test(t)) return { ok: false, message: i18n.t('close:denominations.notWhole') };
  const count = Number(t);
  if (count > MAX_PIECES) {
    return { ok: false, message: i18n.t('close:denominations.tooMany', { max: currentFormats().number(MAX_PIECES) }) };
  }
  return { ok: true, count };
}

/** A note's or coin's value as a shop writes it: "$20", "$0.50", "¥500", "20 €". */
export function denominationWords(value: number, currency: string): string {
  const digits = minorDigits(currency);
  const whole = value % 10 ** digits === 0;
  return currentFormats().number(Number(toDecimalString({ minor: value, currency })), {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  });
}

/**
 * The grid as counted cash: the sum once every field reads as a number of pieces and at least one
 * was typed (an untouched grid is not a count of an empty drawer: a 0 says so), with the counts.
 */
export function readPieces(
  table: readonly Denomination[],
  typed: Readonly<Record<number, string>>,
): { result: Parsed; counts: DenominationCount[] } {
  const counts: DenominationCount[] = [];
  let touched = false;
  let bad = false;
  for (const d of table) {
    const text = typed[d.value] ?? '';
    if (text.trim() !== '') touched = true;
    const pieces = parsePieces(text);
    if (pieces.ok) counts.push({ value: d.value, count: pieces.count });
    else bad = true;
  }
  if (bad) return { result: { ok: false, message: i18n.t('close:denominations.fix') }, counts };
  if (!touched) return { result: { ok: false, message: i18n.t('close:denominations.empty') }, counts };
  return { result: { ok: true, minor: countTotal(counts) }, counts };
}
