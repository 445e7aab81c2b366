/**
 * Pure helpers of the back office: amounts and rows in words, the counted-cash input. Words come
 * from the catalogues in the language on screen (i18n.t), values from currentFormats(); the
 * component that shows them uses useTranslation, so it is drawn again when the language changes.
 * Money stays integer minor units with its currency; amounts of different currencies are listed
 * side by side, never added.
 */
import { clock, dateTime } from '../../../../shared/clock.ts';
import { normalizeIccid } from '../../../../shared/iccid.ts';
import { isRtl } from '../../../../shared/languages.ts';
import { minorDigits, toMinor, type Money } from '../../../../shared/money.ts';
import { REFUND_REASONS, type RefundReason } from '../../../../shared/refunds.ts';
import type {
  Breakdown,
  ExpectedTakings,
  LineKind,
  Reconciliation,
  ReconciliationProblem,
  Report,
} from '../../../../shared/reports.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';

/** Counted minus expected, in words: "$2.50 short", "$1.00 over", "exact". */
export function formatDifference(difference: Money): string {
  if (difference.minor === 0) return i18n.t('manager:difference.exact');
  const amount = currentFormats().money({ minor: Math.abs(difference.minor), currency: difference.currency });
  return difference.minor < 0 ? i18n.t('manager:difference.short', { amount }) : i18n.t('manager:difference.over', { amount });
}

export type Parsed = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly message: string };

/**
 * What the manager typed as counted cash ("12.50", "12,50", "1 234.5", "$12") → minor units.
 * No float arithmetic (shared/money.ts toMinor); more decimals than the currency has is refused
 * rather than rounded, because a drawer count is exact.
 */
export function parseCountedCash(text: string, currency: string): Parsed {
  const refuse = (message: string): Parsed => ({ ok: false, message });
  const digits = minorDigits(currency);
  const notAmount = () =>
    refuse(
      i18n.t('manager:amount.notAmount', {
        example: currentFormats().number(120.5, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      }),
    );
  const t = text.replace(/[\s\u00a0']/g, '').replace(new RegExp(`^(?:${currency}|\\p{Sc})|(?:${currency}|\\p{Sc})$`, 'giu'), ''); // a sign or code typed along
  if (t === '') return refuse(i18n.t('manager:amount.empty'));
  if (t.startsWith('-')) return refuse(i18n.t('manager:amount.negative'));
  let whole: string;
  let fraction = '';
  let m: RegExpExecArray | null;
  if (/^\d+$/.test(t)) {
    whole = t;
  } else if ((m = /^(\d{1,3}(?:([.,])\d{3})+)$/.exec(t)) && t.split(m[2]!).length > 2) {
    // "1,234,567": thousands only. A lone "1,234" is read as decimals below, and refused when the
    // currency has fewer: a drawer count is not guessed at.
    whole = t.replace(/[.,]/g, '');
  } else if ((m = /^(\d{1,3}(?:([.,])\d{3})+)([.,])(\d+)$/.exec(t)) && m[2] !== m[3]) {
    whole = m[1]!.replace(/[.,]/g, ''); // "1,234.50" or "1.234,50"
    fraction = m[4]!;
  } else if ((m = /^(\d*)[.,](\d+)$/.exec(t))) {
    whole = m[1]!; // "12.50", "12,50", ".75"
    fraction = m[2]!;
  } else {
    return notAmount();
  }
  if (fraction.length > digits) {
    return refuse(
      digits === 0
        ? i18n.t('manager:amount.noDecimals', { currency })
        : i18n.t('manager:amount.decimals', { currency, count: digits }),
    );
  }
  try {
    const minor = toMinor(fraction ? `${whole || '0'}.${fraction}` : whole, currency);
    if (minor > 1e12) return refuse(i18n.t('manager:amount.tooLarge'));
    return { ok: true, minor };
  } catch {
    return notAmount();
  }
}

/** Offers the text as a file download (Blob + object URL + <a download>). */
export function downloadText(filename: string, content: string | Blob, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A close's audit head as the Z report prints it: the entry and the hash's ends, enough to compare
 * by eye (the full hash is printed beside it in small print).
 */
export function auditHeadWords(head: { readonly seq: number; readonly hash: string }): string {
  return i18n.t('close:z.auditHead', { seq: head.seq, start: head.hash.slice(0, 8), end: head.hash.slice(-8) });
}

/** The sentences closes recorded before the reason became a code hold, read back as the code. */
const OLD_RECONCILIATION_REASONS: Readonly<Record<string, ReconciliationProblem>> = {
  'The eSIM service could not be asked for its order list.': 'service_unreachable',
  'The order list could not be read.': 'unreadable',
};

/** Why the day was not set against the service's orders, in words; a reason not known is shown as kept. */
export function reconciliationProblemWords(reason: string): string {
  const code = OLD_RECONCILIATION_REASONS[reason] ?? reason;
  if (code === 'service_unreachable' || code === 'unreadable') return i18n.t(`close:reconciliation.problem.${code}`);
  return reason;
}

/** The reconciliation with the service's order list in one sentence. */
export function reconciliationSummary(r: Reconciliation): string {
  if (!r.checked) return i18n.t('close:reconciliation.notChecked', { reason: reconciliationProblemWords(r.reason) });
  if (r.missingHere.length === 0 && r.missingThere.length === 0) {
    return r.matched === 0 ? i18n.t('close:reconciliation.none') : i18n.t('close:reconciliation.allMatch', { count: r.matched });
  }
  return i18n.t('close:reconciliation.mismatch', {
    matched: r.matched,
    here: r.missingHere.length,
    there: r.missingThere.length,
  });
}

function isRefundReason(reason: string): reason is RefundReason {
  return (REFUND_REASONS as readonly string[]).includes(reason);
}

/** A reason code in words; a code this version does not know is shown as the service sent it. */
export function refundReasonWords(reason: string): string {
  return isRefundReason(reason) ? i18n.t(`manager:refundReason.${reason}`) : reason;
}

/**
 * Text from outside the catalogue (a package's title, "1 GB - 7 Days") set inside a right-to-left
 * sentence, isolated so its digits and dashes keep their order (Unicode FSI … PDI).
 */
export function isolate(text: string): string {
  return isRtl(i18n.language) ? `\u2068${text}\u2069` : text;
}

/** A top-up package by its title as the partner wrote it: "Top-up: Europe 5 GB". */
export function topupWords(title: string): string {
  return i18n.t('manager:topupPackage', { title: isolate(title) });
}

/** A line's package as a report or a close lists it: "Top-up: …" and "Vouchers: …" say what was sold. */
export function kindPackageWords(kind: LineKind | undefined, title: string): string {
  if (kind === 'topup') return topupWords(title);
  if (kind === 'voucher') return i18n.t('manager:voucherPackage', { title: isolate(title) });
  return title;
}

/** Which report breakdown a row belongs to: each words its keys its own way. */
export type BreakdownDimension = 'clerk' | 'package' | 'country' | 'payment';

/**
 * A report's breakdown tables in the order the screen and its prints show them: the short ones
 * first, the packages (the longest list) last. Countries count sales only: a top-up has none.
 */
export const REPORT_BREAKDOWNS: readonly {
  readonly dimension: BreakdownDimension;
  readonly rows: (report: Report) => readonly Breakdown[];
  readonly withTopups: boolean;
}[] = [
  { dimension: 'clerk', rows: (r) => r.byClerk, withTopups: true },
  { dimension: 'payment', rows: (r) => r.byPaymentMethod, withTopups: true },
  { dimension: 'country', rows: (r) => r.byCountry, withTopups: false },
  { dimension: 'package', rows: (r) => r.byPackage, withTopups: true },
];

/**
 * A report row in the reader's language: a country's name from its code, "Cash", "Top-up: …".
 * Names people gave (a clerk's, a package's title as the partner wrote it) are shown as recorded.
 */
export function breakdownLabel(dimension: BreakdownDimension, row: Breakdown): string {
  switch (dimension) {
    case 'country':
      return row.key === 'regional' ? i18n.t('manager:regional') : currentFormats().country(row.key);
    case 'payment':
      return paymentWords(row.key);
    case 'package': {
      const kind = row.kind ?? (row.key.slice(0, row.key.indexOf(':')) as LineKind);
      // Closes recorded before rows had names carry "Top-up: <title>" in English.
      const title = row.name ?? (row.label ?? row.key).replace(/^Top-up: /, '');
      return kindPackageWords(kind, title);
    }
    case 'clerk':
      return row.name ?? row.label ?? row.key;
  }
}

export type IccidLine = { readonly line: number; readonly raw: string } & ReturnType<typeof normalizeIccid>;

/** ICCIDs typed or scanned one per line (blank lines skipped), each checked as the counter does. */
export function parseIccidLines(text: string): IccidLine[] {
  return text
    .split(/\r?\n/)
    .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
    .filter((l) => l.raw !== '')
    .map((l) => ({ ...l, ...normalizeIccid(l.raw) }));
}

/** The floor as typed → minor units; empty means "no floor". Exact, like the counted cash. */
export function parseFloor(text: string, currency: string): Parsed | { readonly ok: true; readonly minor: null } {
  if (text.trim() === '') return { ok: true, minor: null };
  const parsed = parseCountedCash(text, currency);
  if (parsed.ok) return parsed;
  if (text.trim().startsWith('-')) return { ok: false, message: i18n.t('settings:account.floorNegative') };
  return parsed;
}

/**
 * "2 sales", "1 top-up", "2 sales and 1 top-up", "1 sale, 1 top-up and 2 voucher batches": what a
 * close covers or what is still open.
 */
export function salesAndTopupsWords(sales: number, topups: number, vouchers = 0): string {
  const salesWords = i18n.t('close:count.sales', { count: sales });
  if (vouchers > 0) {
    const parts = [
      ...(sales > 0 ? [salesWords] : []),
      ...(topups > 0 ? [i18n.t('close:count.topups', { count: topups })] : []),
      i18n.t('close:count.vouchers', { count: vouchers }),
    ];
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(parts);
  }
  if (topups === 0) return salesWords;
  const topupWords = i18n.t('close:count.topups', { count: topups });
  return sales === 0 ? topupWords : i18n.t('close:count.both', { sales: salesWords, topups: topupWords });
}

/** "$4.00 cash · $8.00 other": takings per payment method in one line. */
export function takingsWords(expected: ExpectedTakings): string {
  const f = currentFormats();
  return expected.map((e) => i18n.t(`manager:paymentAmount.${e.method}`, { amount: f.money(e) })).join(' · ');
}

/** A payment method in words ("Cash"); one this version does not know is shown as its code. */
export function paymentWords(method: string): string {
  return method === 'cash' || method === 'card' || method === 'other' ? i18n.t(`manager:payment.${method}`) : method;
}

/**
 * A time on a close's record, on the clock of the zone the close was made in (what its Z report
 * printed), in the reader's language and the store's 12- or 24-hour cycle.
 */
export function closeTime(at: string, close: { readonly timeZone: string }): string {
  return clock(at, close.timeZone, currentFormats().dateLocale);
}

/** A date and time on a close's record, like closeTime. */
export function closeDateTime(at: string | Date, close: { readonly timeZone: string }): string {
  return dateTime(at, close.timeZone, currentFormats().dateLocale);
}
