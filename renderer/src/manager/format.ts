/**
 * Pure helpers of the back office: amounts in words, the counted-cash input. Times and dates are
 * shared/clock.ts's.
 * Money stays integer minor units with its currency; amounts of different currencies are listed
 * side by side, never added.
 */
import type { Environment } from '../../../shared/contract.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import { formatMoney, minorDigits, toMinor, type Money } from '../../../shared/money.ts';
import { retailPrice, type PriceRule } from '../../../shared/pricing.ts';
import type { RefundReason } from '../../../shared/refunds.ts';
import type { Reconciliation } from '../../../shared/reports.ts';

/** "$12.00 · €3.50", or the given text when there is nothing. */
export function formatAmounts(list: readonly Money[], empty = '—'): string {
  if (list.length === 0) return empty;
  return list.map((m) => formatMoney(m)).join(' · ');
}

/** Counted minus expected, in words: "$2.50 short", "$1.00 over", "exact". */
export function formatDifference(difference: Money): string {
  if (difference.minor === 0) return 'exact';
  const size = formatMoney({ minor: Math.abs(difference.minor), currency: difference.currency });
  return difference.minor < 0 ? `${size} short` : `${size} over`;
}

export type Parsed = { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly message: string };

/**
 * What the manager typed as counted cash ("12.50", "12,50", "1 234.5", "$12") → minor units.
 * No float arithmetic (shared/money.ts toMinor); more decimals than the currency has is refused
 * rather than rounded, because a drawer count is exact.
 */
export function parseCountedCash(text: string, currency: string): Parsed {
  const notAmount: Parsed = { ok: false, message: 'That is not an amount. Type it like 120.50.' };
  const t = text.replace(/[\s\u00a0']/g, '').replace(new RegExp(`^(?:${currency}|\\p{Sc})|(?:${currency}|\\p{Sc})$`, 'giu'), ''); // a sign or code typed along
  if (t === '') return { ok: false, message: 'Type the cash you counted.' };
  if (t.startsWith('-')) return { ok: false, message: 'Counted cash cannot be negative.' };
  const digits = minorDigits(currency);
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
    return notAmount;
  }
  if (fraction.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? `${currency} has no decimals.` : `${currency} has ${digits} decimals at most.`,
    };
  }
  try {
    const minor = toMinor(fraction ? `${whole || '0'}.${fraction}` : whole, currency);
    if (minor > 1e12) return { ok: false, message: 'That amount is too large.' };
    return { ok: true, minor };
  } catch {
    return notAmount;
  }
}

/** Offers the text as a file download (Blob + object URL + <a download>). */
export function downloadText(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
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
  return `entry ${head.seq} · ${head.hash.slice(0, 8)}…${head.hash.slice(-8)}`;
}

/** The reconciliation with the service's order list in one sentence. */
export function reconciliationSummary(r: Reconciliation): string {
  if (!r.checked) return `Not checked: ${r.reason}`;
  if (r.missingHere.length === 0 && r.missingThere.length === 0) {
    return r.matched === 0 ? 'No orders here or at the eSIM service.' : `All ${r.matched} orders match the eSIM service.`;
  }
  return `${r.matched} matched · ${r.missingHere.length} at the service but not here · ${r.missingThere.length} here but not at the service`;
}

/** The partner service's refund reason codes in words, in the order of shared/refunds.ts. */
export const REFUND_REASON_WORDS: Readonly<Record<RefundReason, string>> = {
  INSTALLATION_FAILURE: 'Installation failed',
  NO_COVERAGE: 'No coverage',
  APN_FAILURE: 'APN settings failed',
  TRIP_CANCELLATION: 'Trip cancelled',
  INTERMITTENT_CONNECTION: 'Connection keeps dropping',
  BLOCKED_NETWORK: 'Network blocked',
  CHANGE_OF_PLAN: 'Change of plan',
  DELETED_ESIM: 'eSIM deleted',
  EARLY_EXPIRY: 'Expired early',
  HOTSPOT_NOT_WORKING: 'Hotspot not working',
  IMSI_CHANGE: 'IMSI changed',
  INCOMPATIBLE_DEVICE: 'Device not compatible',
  LOCKED_DEVICE: 'Device locked to a carrier',
  NO_VOICE_TEXT_SERVICES: 'No calls or texts',
  OVERCHARGED: 'Overcharged',
  SLOW_SPEED: 'Slow speed',
  TOP_UP_PACKAGE_FAILURE: 'Top-up failed',
  UNKNOWN_CHARGES: 'Unknown charges',
  WRONG_PURCHASE: 'Wrong package bought',
  UNABLE_TO_ACCESS_APPS: 'Apps cannot be reached',
  SERVICE_DEGRADATION: 'Service degraded',
  QR_ISSUE_PARTNERS: 'QR code problem',
  OTHERS: 'Other',
};

/** A reason code in words; a code this version does not know is shown as the service sent it. */
export function refundReasonWords(reason: string): string {
  return (REFUND_REASON_WORDS as Readonly<Record<string, string>>)[reason] ?? reason;
}

export type IccidLine = { readonly line: number; readonly raw: string } & (
  { readonly ok: true; readonly iccid: string; readonly luhnValid: boolean } | { readonly ok: false; readonly reason: string }
);

/** ICCIDs typed or scanned one per line (blank lines skipped), each checked as the counter does. */
export function parseIccidLines(text: string): IccidLine[] {
  return text
    .split(/\r?\n/)
    .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
    .filter((l) => l.raw !== '')
    .map((l) => ({ ...l, ...normalizeIccid(l.raw) }));
}

/** The markup as typed ("50", "12.5", "12,5 %") → a percent with at most two decimals, 0–500. */
export function parseMarkupPercent(
  text: string,
): { readonly ok: true; readonly percent: number } | { readonly ok: false; readonly message: string } {
  const t = text.replace(/[\s%]/g, '').replace(',', '.');
  if (t === '') return { ok: false, message: 'Type the markup in percent, e.g. 50.' };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    return { ok: false, message: /^-/.test(t) ? 'A markup cannot be negative.' : 'Type the markup in percent, e.g. 50 or 12.5.' };
  }
  const percent = Number(t);
  if (percent > 500) return { ok: false, message: 'At most 500 %.' };
  return { ok: true, percent };
}

/** The price rule in one sentence, with an example computed by the same code the counter uses. */
export function priceRuleExample(rule: PriceRule, currency = 'USD'): string {
  if (rule.kind === 'recommended') return 'Each package sells at the eSIM service’s recommended retail price.';
  const net = { minor: 314 * 10 ** Math.max(0, minorDigits(currency) - 2), currency };
  const retail = retailPrice(net, net, rule);
  return `A package costing us ${formatMoney(net)} sells for ${formatMoney(retail)}.`;
}

/** The floor as typed → minor units; empty means "no floor". Exact, like the counted cash. */
export function parseFloor(text: string, currency: string): Parsed | { readonly ok: true; readonly minor: null } {
  if (text.trim() === '') return { ok: true, minor: null };
  const parsed = parseCountedCash(text, currency);
  if (parsed.ok) return parsed;
  if (text.trim().startsWith('-')) return { ok: false, message: 'The floor cannot be negative.' };
  return parsed;
}

export const ENVIRONMENT_WORDS: Readonly<Record<Environment, string>> = {
  demo: 'Demo',
  partner_sandbox: 'Partner sandbox',
  production: 'Production',
};
