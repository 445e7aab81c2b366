// Fixed USD exchange rates: the sandbox converts its USD prices with them for `prices` and
// answers the exchange-rates operation from them, so both always agree.
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.9215,
  GBP: 0.7893,
  AUD: 1.5321,
  BRL: 5.4412,
  CAD: 1.3654,
  AED: 3.6725,
  INR: 83.412,
  IDR: 15873,
  ILS: 3.7101,
  JPY: 151.37,
  KWD: 0.3077,
  MYR: 4.7352,
  MXN: 17.021,
  SGD: 1.3472,
  ZAR: 18.705,
  KRW: 1362.4,
  VND: 25010,
};

/** Currencies the service quotes without minor units. */
const WHOLE = new Set(['IDR', 'JPY', 'KRW', 'VND']);

export function convert(usd: number, currency: string): number {
  const rate = USD_RATES[currency] ?? 1;
  const value = usd * rate;
  return WHOLE.has(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}

export function inAllCurrencies(usd: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const cur of Object.keys(USD_RATES)) out[cur] = convert(usd, cur);
  return out;
}
