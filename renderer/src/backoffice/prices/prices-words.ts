/**
 * The words of the Prices screen: a rule in one sentence with an example worked out by the same
 * code the counter prices with, the endings as the store's currency writes them, the tax, and what
 * the markup field takes.
 */
import { minorDigits, type Money } from '../../../../shared/money.ts';
import { applyTax, retailPrice, withEnding, type Ending, type PriceRule, type TaxRule } from '../../../../shared/pricing.ts';
import type { Totals } from '../../../../shared/reports.ts';
import { currentFormats, type Formats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useStore } from '../../state/store.ts';

/** A cost to show examples with: 3.14 where there are cents, 1,234 where there are none (yen). */
export function sampleCost(currency: string): Money {
  const digits = minorDigits(currency);
  return { minor: digits === 0 ? 1234 : 314 * 10 ** (digits - 2), currency };
}

/** The markup as typed ("50", "12.5", "12,5 %") → a percent with at most two decimals, 0–500. */
export function parseMarkupPercent(
  text: string,
): { readonly ok: true; readonly percent: number } | { readonly ok: false; readonly message: string } {
  const t = text.replace(/[\s%]/g, '').replace(',', '.');
  const f = currentFormats();
  if (t === '') return { ok: false, message: i18n.t('prices:rule.markupEmpty', { example: f.number(50) }) };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    return {
      ok: false,
      message: /^-/.test(t)
        ? i18n.t('prices:rule.markupNegative')
        : i18n.t('prices:rule.markupShape', { example: f.number(50), decimal: f.number(12.5) }),
    };
  }
  const percent = Number(t);
  if (percent > 500) return { ok: false, message: i18n.t('prices:rule.markupTooLarge', { most: f.percent(5) }) };
  return { ok: true, percent };
}

/** The price rule in one sentence, with an example computed by the same code the counter uses. */
export function priceRuleExample(rule: PriceRule, currency = 'USD'): string {
  const f = currentFormats();
  if (rule.kind === 'recommended') return i18n.t('prices:rule.exampleRecommended');
  if (rule.kind === 'fixed') return i18n.t('prices:rule.exampleFixed', { price: f.money(rule.price) });
  const net = sampleCost(currency);
  const retail = retailPrice(net, net, rule);
  return i18n.t('prices:rule.example', { net: f.money(net), retail: f.money(retail) });
}

/** An ending as an option: what it does and what it makes of the sample cost ("Ends in 99 — e.g. $3.99"). */
export function endingWords(ending: Ending, currency: string): string {
  const name = i18n.t(`prices:rule.endings.${ending}`);
  if (ending === 'none') return name;
  const sample = sampleCost(currency);
  return i18n.t('prices:rule.endingOption', {
    name,
    example: currentFormats().money({ minor: withEnding(sample.minor, ending, currency), currency }),
  });
}

/** A rule in a few words for the list of exceptions: "+50 %, ends in 99", "fixed at €9.90", "recommended". */
export function ruleShortWords(rule: PriceRule): string {
  const f = currentFormats();
  if (rule.kind === 'recommended') return i18n.t('prices:rule.short.recommended');
  if (rule.kind === 'fixed') return i18n.t('prices:rule.short.fixed', { price: f.money(rule.price) });
  const markup = i18n.t('prices:rule.short.markup', { percent: f.percent(rule.percent / 100, 2) });
  return rule.ending === 'none' ? markup : `${markup}, ${i18n.t(`prices:rule.endings.${rule.ending}`)}`;
}

/** The tax in one sentence with an example: what a price of the sample includes, or what is added to it. */
export function taxExample(tax: TaxRule, currency: string): string {
  const f = currentFormats();
  if (tax.percent === 0) return i18n.t('prices:tax.exampleNone');
  const price = { minor: sampleCost(currency).minor * 3, currency };
  const taxed = applyTax(price, tax);
  const label = tax.label.trim() || i18n.t('prices:tax.defaultLabel');
  return tax.mode === 'included'
    ? i18n.t('prices:tax.exampleIncluded', { price: f.money(price), tax: f.money(taxed.tax), label })
    : i18n.t('prices:tax.exampleAdded', { price: f.money(price), tax: f.money(taxed.tax), total: f.money(taxed.gross), label });
}

/** The rate percent as typed ("19", "8,875") → a number with at most three decimals, 0–100. */
export function parseTaxPercent(text: string): { ok: true; percent: number } | { ok: false; message: string } {
  const t = text.replace(/[\s%]/g, '').replace(',', '.');
  if (t === '') return { ok: true, percent: 0 };
  if (!/^\d+(\.\d{1,3})?$/.test(t) || Number(t) > 100) {
    return { ok: false, message: i18n.t('prices:tax.percentShape', { example: currentFormats().number(8.875) }) };
  }
  return { ok: true, percent: Number(t) };
}

/**
 * The wholesale cost as the partner charged it (its currency), with the same in the store's currency
 * beside it when the store sells in another: what the margin was taken against.
 */
/** Nothing, in the store's currency ("$0.00"): what a report with no money in it says, never a bare 0. */
export function zeroWords(f: Formats): string {
  const currency = useStore.getState().info?.currency;
  return currency ? f.money({ minor: 0, currency }) : f.number(0);
}

export function costWords(totals: Totals, f: Formats, zero = zeroWords(f)): string {
  const cost = f.amounts(totals.cost, zero);
  const local = (totals.costLocal ?? []).filter((l) => l.minor !== 0 && !totals.cost.some((c) => c.currency === l.currency));
  return local.length > 0 ? i18n.t('manager:stat.costLocal', { cost, local: f.amounts(local) }) : cost;
}

/**
 * The vouchers line of a report or a Z report ("3 codes · $12.00"); null for a close recorded before
 * vouchers counted, which says nothing of them.
 */
export function voucherWords(totals: Totals, f: Formats, zero = zeroWords(f)): string | null {
  if (totals.vouchers === undefined) return null;
  return i18n.t('manager:voucherLine', { count: totals.voucherCodes ?? 0, amount: f.amounts(totals.voucherRevenue ?? [], zero) });
}

/** The tax in a report's revenue, or null when there was none. */
export function taxWords(totals: Totals, f: Formats): string | null {
  const tax = (totals.tax ?? []).filter((m) => m.minor !== 0);
  return tax.length > 0 ? f.amounts(tax) : null;
}
