// Amounts as integer minor units with their currency. Decimals from the partner are
// converted once, at its client's edge, with toMinor. No node: imports: runs in the renderer too.

export type Money = { minor: number; currency: string };

export class CurrencyMismatchError extends Error {
  override name = 'CurrencyMismatchError';
}

/**
 * ISO 4217 says IDR has 2 digits, but neither the partner nor any till uses them, so the
 * table wins over Intl. Intl is the fallback for currencies not listed here.
 */
const MINOR_DIGITS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  IDR: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
};

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code);
}

function assertCurrency(code: string): void {
  if (!isCurrencyCode(code)) throw new RangeError(`Not a currency code: ${JSON.stringify(code)}`);
}

/** Intl knows every currency's digits, but building a formatter per call is slow on hot paths. */
const learnedDigits = new Map<string, number>();

export function minorDigits(currency: string): number {
  assertCurrency(currency);
  const known = MINOR_DIGITS[currency] ?? learnedDigits.get(currency);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two digits, the common case.
  }
  learnedDigits.set(currency, digits);
  return digits;
}

export function money(minor: number, currency: string): Money {
  assertCurrency(currency);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a safe integer, got ${minor}`);
  // -0 (a refund times nothing) would print as "-$0.00": zero has no sign.
  return { minor: minor === 0 ? 0 : minor, currency };
}

/**
 * Decimal amount → minor units, without float arithmetic: the decimal text is shifted by the
 * currency's digits. Extra digits beyond the currency's are rounded half away from zero.
 * A number is first written in its shortest round-trip form (what the JSON said), so 4.35 is 435.
 */
export function toMinor(decimal: number | string, currency: string): number {
  const digits = minorDigits(currency);
  let text: string;
  if (typeof decimal === 'number') {
    if (!Number.isFinite(decimal)) throw new RangeError(`Not a finite amount: ${decimal}`);
    text = String(decimal);
    if (/e/i.test(text)) {
      const minor = Math.round(decimal * 10 ** digits);
      if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${decimal}`);
      return minor === 0 ? 0 : minor;
    }
  } else {
    text = decimal.trim();
  }
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text) ?? /^([+-]?)()\.(\d+)$/.exec(text);
  if (!m) throw new RangeError(`Not a decimal amount: ${JSON.stringify(decimal)}`);
  const sign = m[1] === '-' ? -1 : 1;
  const whole = m[2] || '0';
  const frac = m[3] ?? '';
  const kept = frac.slice(0, digits).padEnd(digits, '0');
  const roundUp = (frac[digits] ?? '0') >= '5';
  let minor = Number(whole + kept) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${JSON.stringify(decimal)}`);
  minor *= sign;
  return minor === 0 ? 0 : minor; // no -0
}

/** Minor units → plain decimal text ("4.99", "500", "1.250"), e.g. for CSV or the partner. */
export function toDecimalString(m: Money): string {
  const digits = minorDigits(m.currency);
  const abs = Math.abs(m.minor)
    .toString()
    .padStart(digits + 1, '0');
  const sign = m.minor < 0 ? '-' : '';
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

export function formatMoney(m: Money, locale?: string): string {
  const digits = minorDigits(m.currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: m.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // The decimal text, not a Number: a double keeps ~15 significant digits, so a larger amount
  // would print as a neighbouring one. Intl reads the text as an exact decimal.
  return format.format(toDecimalString(m) as `${number}`);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new CurrencyMismatchError(`Cannot combine ${a.currency} and ${b.currency} amounts`);
  }
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

/** For quantity × unit price; the factor must be an integer so the result stays exact. */
export function multiplyMoney(m: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) throw new RangeError(`Factor must be an integer, got ${factor}`);
  return money(m.minor * factor, m.currency);
}

/** Sums a list of one currency; an empty list needs the currency to be named. */
export function sumMoney(items: readonly Money[], currency: string): Money {
  let total = money(0, currency);
  for (const item of items) total = addMoney(total, item);
  return total;
}

/** Sums per currency, never across: a basket priced in two currencies is two amounts, sorted by code. */
export function sumByCurrency(items: readonly Money[]): Money[] {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(item.currency, (sums.get(item.currency) ?? 0) + item.minor);
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => money(minor, currency));
}
