import type { z } from 'zod';
import { minorDigits, type Money } from './money.ts';
import type { priceRuleSchema, taxRuleSchema } from './settings.ts';

/**
 * How the counter prices a package: the service's recommended retail price, the wholesale (net)
 * price plus a markup rounded up to an ending shops like, or a fixed price. The schemas
 * (shared/settings.ts) are the rules; the types follow them.
 */
export type PriceRule = Readonly<z.output<typeof priceRuleSchema>>;
export type Ending = Extract<PriceRule, { kind: 'markup' }>['ending'];

/**
 * The store's rules: one for everything, and exceptions for a country's local packages and for
 * single packages (a package's own rule wins over its country's).
 */
export type PriceRules = {
  readonly default: PriceRule;
  readonly byCountry: Readonly<Record<string, PriceRule>>;
  readonly byPackage: Readonly<Record<string, PriceRule>>;
};

/** Sales tax or VAT: `included` in the prices shown (Europe, Japan), or `added` at checkout (the US). */
export type TaxRule = Readonly<z.output<typeof taxRuleSchema>>;

export const DEFAULT_PRICE_RULE: PriceRule = { kind: 'recommended' };
export const NO_TAX: TaxRule = { mode: 'included', percent: 0, label: '' };

/**
 * A partner's rate from its currency to the store's: `mid` is decimal text, as the partner wrote it,
 * so a conversion is exact; `date` is the day the partner set it.
 */
export type ExchangeRate = { readonly from: string; readonly to: string; readonly mid: string; readonly date: string };

/** The rule for `offer`: the package's own, else its country's (local packages only), else the store's. */
export function ruleFor(rules: PriceRules, offer: { id: string; kind: string; countries: readonly string[] }): PriceRule {
  const own = rules.byPackage[offer.id];
  if (own) return own;
  const country = offer.kind === 'local' && offer.countries.length === 1 ? rules.byCountry[offer.countries[0]!] : undefined;
  return country ?? rules.default;
}

// ---- Exact decimal arithmetic on minor units (no floats near money) ----

function decimalParts(text: string): { digits: bigint; scale: bigint } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`Not a decimal rate: ${JSON.stringify(text)}`);
  const frac = m[2] ?? '';
  return { digits: BigInt(m[1]! + frac), scale: 10n ** BigInt(frac.length) };
}

/** n / d rounded half up (n, d > 0 or n = 0). */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** `amount` in the rate's target currency, rounded half up to that currency's minor units. */
export function convert(amount: Money, rate: ExchangeRate): Money {
  if (amount.currency !== rate.from) throw new RangeError(`A ${rate.from} rate cannot convert ${amount.currency}`);
  const { digits, scale } = decimalParts(rate.mid);
  const shift = minorDigits(rate.to) - minorDigits(rate.from);
  const sign = amount.minor < 0 ? -1n : 1n;
  let n = BigInt(Math.abs(amount.minor)) * digits;
  let d = scale;
  if (shift >= 0) n *= 10n ** BigInt(shift);
  else d *= 10n ** BigInt(-shift);
  const minor = Number(sign * divRound(n, d));
  return { minor: minor === 0 ? 0 : minor, currency: rate.to };
}

/**
 * The ending's step: a price "ends" in the last two digits of one whole unit for currencies with
 * cents (4.99), of a hundred for those without (¥1,990), and of a whole unit for those with three
 * decimals (KWD 1.990).
 */
function endingUnit(currency: string): number {
  return 10 ** Math.max(2, minorDigits(currency));
}

/** The smallest price ≥ minor with the ending: .99, .49 or .99, .90, or a round .00. */
export function withEnding(minor: number, ending: Ending, currency: string): number {
  if (ending === 'none') return minor;
  const unit = endingUnit(currency);
  const base = Math.floor(minor / unit) * unit;
  const at = (hundredths: number) => base + (unit * hundredths) / 100;
  switch (ending) {
    case '00':
      return minor % unit === 0 ? minor : base + unit;
    case '99':
      return minor <= at(99) ? at(99) : at(99) + unit;
    case '90':
      return minor <= at(90) ? at(90) : at(90) + unit;
    case '49':
      return minor <= at(49) ? at(49) : minor <= at(99) ? at(99) : at(49) + unit;
  }
}

/** `net` raised by `percent` (two decimals at most, validated at the edge), rounded up to whole minor units. */
function marked(net: Money, percent: number): number {
  return Math.ceil((net.minor * Math.round(percent * 100 + 10_000)) / 10_000);
}

/**
 * The retail price under `rule`, in the currency of `net` and `recommended` (one currency). Falls
 * back to the recommended price when there is no net price (discount pricing publishes none), and
 * never sells below the net price.
 */
export function retailPrice(recommended: Money, net: Money | null, rule: PriceRule): Money {
  if (rule.kind === 'fixed') {
    if (rule.price.currency === recommended.currency) {
      const floor = net && net.currency === rule.price.currency ? net.minor : 0;
      return { minor: Math.max(rule.price.minor, floor), currency: rule.price.currency };
    }
    // A fixed price in another currency than the one sold in (the store changed currency): not applied.
    return retailPrice(recommended, net, DEFAULT_PRICE_RULE);
  }
  if (!net) return recommended;
  if (rule.kind === 'recommended') {
    // The service's recommended price is above its net price; should one ever come the other way
    // round, the counter still sells at cost rather than at a loss.
    const belowCost = recommended.currency === net.currency && recommended.minor < net.minor;
    return belowCost ? { minor: net.minor, currency: net.currency } : recommended;
  }
  return { minor: Math.max(net.minor, withEnding(marked(net, rule.percent), rule.ending, net.currency)), currency: net.currency };
}

/** What the store sells an offer for, and what it costs the store in its own currency. */
export type LocalPrice = {
  /** The shelf price in the store's currency (before tax when tax is added at checkout). */
  readonly retail: Money;
  /** The partner's charge converted at `rate`; null when unknown. */
  readonly netLocal: Money | null;
  /** The rate used; null when the partner prices in the store's own currency, or no rate is known. */
  readonly rate: ExchangeRate | null;
};

export type PricingContext = {
  /** The store's currency. */
  readonly currency: string;
  readonly rules: PriceRules;
  /** The partner's latest rate into the store's currency; null when none is known. */
  readonly rate: ExchangeRate | null;
};

/**
 * An offer priced for the store: the partner's prices (recommended and net, in the partner's
 * currency) brought into the store's currency at the partner's rate, then the store's rule. The
 * partner's own recommended price in the store's currency wins over a converted one where the
 * service lists it. Without a rate the offer stays in the partner's currency: the manager sees why.
 */
export function localPrice(
  offer: {
    id: string;
    kind: string;
    countries: readonly string[];
    retail: Money;
    net: Money | null;
    /** The partner's recommended price in the store's currency, where it lists one. */
    localRetail?: Money | null;
  },
  context: PricingContext,
): LocalPrice {
  const rule = ruleFor(context.rules, offer);
  if (offer.retail.currency === context.currency) {
    return { retail: retailPrice(offer.retail, offer.net, rule), netLocal: offer.net, rate: null };
  }
  const rate =
    context.rate && context.rate.from === offer.retail.currency && context.rate.to === context.currency ? context.rate : null;
  if (!rate) return { retail: retailPrice(offer.retail, offer.net, rule), netLocal: null, rate: null };
  const recommended =
    offer.localRetail && offer.localRetail.currency === context.currency ? offer.localRetail : convert(offer.retail, rate);
  const netLocal = offer.net ? convert(offer.net, rate) : null;
  return { retail: retailPrice(recommended, netLocal, rule), netLocal, rate };
}

/** A line's amounts under the store's tax: what the customer pays, the tax in it, and the rest. */
export type Taxed = { readonly net: Money; readonly tax: Money; readonly gross: Money };

/**
 * The tax of an amount as priced: included (the amount is what the customer pays, the tax is the
 * part of it) or added (the tax comes on top). Rounded half up to the currency's minor units, per line.
 */
export function applyTax(amount: Money, tax: TaxRule): Taxed {
  const c = amount.currency;
  // In millionths: rates such as New York's 8.875 % are exact.
  const ppm = BigInt(Math.round(tax.percent * 10_000));
  const minor = BigInt(amount.minor);
  if (ppm === 0n) return { net: amount, tax: { minor: 0, currency: c }, gross: amount };
  if (tax.mode === 'included') {
    const part = Number(divRound(minor * ppm, 1_000_000n + ppm));
    return { net: { minor: amount.minor - part, currency: c }, tax: { minor: part, currency: c }, gross: amount };
  }
  const part = Number(divRound(minor * ppm, 1_000_000n));
  return { net: amount, tax: { minor: part, currency: c }, gross: { minor: amount.minor + part, currency: c } };
}
