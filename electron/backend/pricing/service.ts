/**
 * How a sale or top-up is priced for the store, in one place: the store's rules and the partner's
 * rate into the store's currency (the catalogue and the top-up list price with them), and what a
 * row keeps of it — the rate, its cost in the store's currency and its tax.
 */
import type { Money } from '../../../shared/money.ts';
import type { TaxLine } from '../../../shared/sales.ts';
import { applyTax, convert, type ExchangeRate, type PricingContext, type TaxRule } from '../../../shared/pricing.ts';
import type { ExchangeRateService } from './exchange-rates.ts';
import type { SettingsService } from '../settings/service.ts';

export type Pricing = {
  /** Read on every call, so a change in Settings or a new day's rate applies at once. */
  context(): PricingContext;
  tax(): TaxRule;
};

export function createPricing(settings: SettingsService, exchangeRates: ExchangeRateService): Pricing {
  return {
    context: () => ({ currency: settings.currency(), rules: settings.priceRules(), rate: exchangeRates.current() }),
    tax: () => settings.tax(),
  };
}

/** Prices in the partner's currency, by the store's one rule: what a counter without Settings uses. */
export const PARTNER_PRICES: Pricing = {
  context: () => ({
    currency: 'USD',
    rules: { default: { kind: 'recommended' }, byCountry: {}, byPackage: {} },
    rate: null,
  }),
  tax: () => ({ mode: 'included', percent: 0, label: '' }),
};

/** The columns a row keeps of its price: the rate and its day, and the cost in the store's currency. */
export function localCostColumns(
  cost: Money | null,
  retailCurrency: string,
  rate: ExchangeRate | null,
): { fxRate: string | null; fxDate: string | null; costLocal: number | null } {
  if (!cost) return { fxRate: null, fxDate: null, costLocal: null };
  if (cost.currency === retailCurrency) return { fxRate: null, fxDate: null, costLocal: cost.minor };
  if (!rate || rate.from !== cost.currency || rate.to !== retailCurrency) return { fxRate: null, fxDate: null, costLocal: null };
  return { fxRate: rate.mid, fxDate: rate.date, costLocal: convert(cost, rate).minor };
}

/** The tax columns of a line (the quantity's whole price). */
export function taxColumns(line: Money, tax: TaxRule): { taxMode: TaxRule['mode']; taxRatePpm: number; taxMinor: number } {
  return { taxMode: tax.mode, taxRatePpm: Math.round(tax.percent * 10_000), taxMinor: applyTax(line, tax).tax.minor };
}

/** A row's tax as the views show it, and what the customer paid for a line of `line`. */
export function taxedTotal(
  line: Money,
  row: { taxMode: 'included' | 'added' | null; taxRatePpm: number; taxMinor: number },
): { total: Money; tax: TaxLine | null } {
  if (row.taxMode === null || (row.taxRatePpm === 0 && row.taxMinor === 0)) return { total: line, tax: null };
  const amount = { minor: row.taxMinor, currency: line.currency };
  const total = row.taxMode === 'added' ? { minor: line.minor + row.taxMinor, currency: line.currency } : line;
  return { total, tax: { mode: row.taxMode, percent: row.taxRatePpm / 10_000, amount } };
}
