// ICCID handling shared by the counter screen (scanner input) and the main process.
// No node: imports: this file also runs in the renderer.

/** Why a number is not an ICCID: the renderer words each in the clerk's language (errors:iccid). */
export type IccidProblem = 'empty' | 'not_digits' | 'imei' | 'eid' | 'length' | 'prefix';

export type IccidResult =
  | { ok: true; iccid: string; luhnValid: boolean }
  | {
      ok: false;
      problem: IccidProblem;
      /** What the words quote: the character that is not a digit, the length, the first two digits. */
      params: { readonly char?: string; readonly length?: number; readonly prefix?: string };
      /** The same in English, for the backend's log and API callers; never shown on a screen. */
      reason: string;
    };

const MIN_LENGTH = 18;
const MAX_LENGTH = 22;

const bad = (problem: IccidProblem, reason: string, params: Extract<IccidResult, { ok: false }>['params'] = {}): IccidResult => ({
  ok: false,
  problem,
  params,
  reason,
});

/**
 * Turns what a clerk typed or scanned into the digits-only form the partner expects.
 * A failed Luhn check is reported, not refused: some issuers print ICCIDs whose last
 * digit is not a Luhn check digit, so the clerk confirms instead of being blocked.
 */
export function normalizeIccid(raw: string): IccidResult {
  const s = unformat(raw);

  if (s.length === 0) return bad('empty', 'Enter or scan the ICCID.');
  if (!/^\d+$/.test(s)) {
    // By code point (u): an emoji or other astral character is quoted whole, not as half of a pair.
    const char = /\D/u.exec(s)?.[0] ?? '';
    return bad('not_digits', `An ICCID has digits only, but this contains "${char}".`, { char });
  }
  // The other long numbers near an eSIM are easy to scan by mistake; name them.
  if (s.length === 15) {
    return bad('imei', 'This has 15 digits, like a phone IMEI. Scan the ICCID (18 to 22 digits, starting with 89).');
  }
  if (s.length === 32) {
    return bad('eid', 'This has 32 digits, like a phone EID. Scan the ICCID (18 to 22 digits, starting with 89).');
  }
  if (s.length < MIN_LENGTH || s.length > MAX_LENGTH) {
    return bad('length', `An ICCID has 18 to 22 digits, but this has ${s.length}.`, { length: s.length });
  }
  if (!s.startsWith('89')) {
    return bad('prefix', `An ICCID starts with 89, but this starts with ${s.slice(0, 2)}.`, { prefix: s.slice(0, 2) });
  }
  return { ok: true, iccid: s, luhnValid: luhnValid(s) };
}

// Printed cards group digits with spaces or dashes; SIM files pad odd lengths with F.
function unformat(raw: string): string {
  const s = raw.replace(/[\s-]+/g, '');
  return /[fF]$/.test(s) ? s.slice(0, -1) : s;
}

/**
 * The digits of a whole or partial ICCID written the way a clerk may have it (grouped as on the
 * receipt, or with the SIM's trailing F), for searching; null when the text is not such a number.
 */
export function iccidSearchDigits(raw: string): string | null {
  const s = unformat(raw);
  return /^\d+$/.test(s) ? s : null;
}

/** Luhn (mod 10) over a digits-only string, the last digit being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** For lists and receipts: only the tail is shown, enough to tell two eSIMs apart. */
export function maskIccid(iccid: string, visible = 5): string {
  const keep = Math.min(6, Math.max(4, Math.trunc(visible)));
  const digits = iccid.replace(/[\s-]+/g, '');
  if (digits.length <= keep) return digits;
  return `•••• ${digits.slice(-keep)}`;
}
