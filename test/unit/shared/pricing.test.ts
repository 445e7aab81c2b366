import { describe, expect, it } from 'vitest';
import {
  applyTax,
  convert,
  DEFAULT_PRICE_RULE,
  localPrice,
  NO_TAX,
  retailPrice,
  ruleFor,
  withEnding,
} from '../../../shared/pricing.ts';

const usd = (minor: number) => ({ minor, currency: 'USD' });

describe('retailPrice', () => {
  it('uses the recommended price by default, and when there is no net price', () => {
    expect(retailPrice(usd(450), usd(314), { kind: 'recommended' })).toEqual(usd(450));
    expect(retailPrice(usd(450), null, { kind: 'markup', percent: 40, ending: '99' })).toEqual(usd(450));
  });

  it('adds the markup in whole cents, rounding up', () => {
    expect(retailPrice(usd(450), usd(314), { kind: 'markup', percent: 40, ending: 'none' })).toEqual(usd(440)); // 439.6 → 440
    expect(retailPrice(usd(450), usd(1000), { kind: 'markup', percent: 12.5, ending: 'none' })).toEqual(usd(1125));
  });

  it('rounds up to .99 or to the next .49/.99', () => {
    expect(retailPrice(usd(0), usd(314), { kind: 'markup', percent: 40, ending: '99' })).toEqual(usd(499));
    expect(retailPrice(usd(0), usd(314), { kind: 'markup', percent: 40, ending: '49' })).toEqual(usd(449));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 50, ending: '49' })).toEqual(usd(1549));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 45, ending: '49' })).toEqual(usd(1499));
    expect(retailPrice(usd(0), usd(1000), { kind: 'markup', percent: 44, ending: '49' })).toEqual(usd(1449));
  });

  it('never sells below cost', () => {
    expect(retailPrice(usd(0), usd(500), { kind: 'markup', percent: 0, ending: 'none' })).toEqual(usd(500));
  });
});

const jpy = (minor: number) => ({ minor, currency: 'JPY' });
const eur = (minor: number) => ({ minor, currency: 'EUR' });

describe('endings that fit the currency', () => {
  it('ends cents at .99, .49, .90 or a round .00', () => {
    expect(withEnding(1234, '99', 'EUR')).toBe(1299);
    expect(withEnding(1299, '99', 'EUR')).toBe(1299);
    expect(withEnding(1234, '90', 'EUR')).toBe(1290);
    expect(withEnding(1295, '90', 'EUR')).toBe(1390);
    expect(withEnding(1234, '00', 'EUR')).toBe(1300);
    expect(withEnding(1200, '00', 'EUR')).toBe(1200);
  });

  it('ends yen and won prices in their hundreds, never in cents they do not have', () => {
    expect(withEnding(1234, '90', 'JPY')).toBe(1290);
    expect(withEnding(1834, '00', 'JPY')).toBe(1900);
    expect(withEnding(618, '99', 'JPY')).toBe(699);
    expect(withEnding(12_340, '00', 'KRW')).toBe(12_400);
    expect(retailPrice(jpy(500), jpy(475), { kind: 'markup', percent: 30, ending: '00' })).toEqual(jpy(700));
  });

  it('ends three-decimal currencies in their thousandths', () => {
    expect(withEnding(1234, '99', 'KWD')).toBe(1990);
    expect(withEnding(1234, '00', 'KWD')).toBe(2000);
  });
});

describe('a fixed price', () => {
  it('sells at the price set, never below what the partner charges', () => {
    expect(retailPrice(eur(900), eur(700), { kind: 'fixed', price: eur(1500) })).toEqual(eur(1500));
    expect(retailPrice(eur(900), eur(700), { kind: 'fixed', price: eur(500) })).toEqual(eur(700));
  });

  it('is not applied in another currency than the one sold in', () => {
    expect(retailPrice(usd(900), usd(700), { kind: 'fixed', price: eur(1500) })).toEqual(usd(900));
  });
});

describe('conversion at the partner’s rate', () => {
  const rate = (to: string, mid: string) => ({ from: 'USD', to, mid, date: '2026-11-25' });

  it('converts exactly on the rate’s decimal text, half up, into the currency’s own digits', () => {
    expect(convert(usd(1000), rate('EUR', '0.9215'))).toEqual(eur(922)); // 9.215 → 9.22
    expect(convert(usd(450), rate('JPY', '151.37'))).toEqual(jpy(681)); // 681.165 → 681
    expect(convert(usd(1), rate('KWD', '0.3077'))).toEqual({ minor: 3, currency: 'KWD' }); // 0.003077 → 0.003
    expect(convert(usd(999), rate('VND', '25010'))).toEqual({ minor: 249_850, currency: 'VND' });
    expect(() => convert(eur(100), rate('JPY', '151.37'))).toThrow(/USD rate/);
  });

  it('prices an offer in the store’s currency, under the package’s, its country’s or the store’s rule', () => {
    const offer = { id: 'jp-1', kind: 'local', countries: ['JP'], retail: usd(450), net: usd(300) };
    const rules = {
      default: { kind: 'recommended' as const },
      byCountry: { JP: { kind: 'markup' as const, percent: 50, ending: '00' as const } },
      byPackage: { 'jp-2': { kind: 'fixed' as const, price: jpy(990) } },
    };
    const context = { currency: 'JPY', rules, rate: rate('JPY', '151.37') };
    // 3.00 USD = 454.11 → ¥454; +50 % = 681 → ¥700.
    expect(localPrice(offer, context)).toEqual({ retail: jpy(700), netLocal: jpy(454), rate: rate('JPY', '151.37') });
    expect(localPrice({ ...offer, id: 'jp-2' }, context).retail).toEqual(jpy(990));
    // A regional package is not its first country's: the store's rule, the recommended price converted.
    expect(localPrice({ ...offer, kind: 'regional', countries: ['JP', 'KR'] }, context).retail).toEqual(jpy(681));
    // Without a rate, the partner's currency (the rule still applies: 4.50 → 5.00), and no local cost.
    expect(localPrice(offer, { ...context, rate: null })).toEqual({ retail: usd(500), netLocal: null, rate: null });
    // A store in the partner's currency needs no rate.
    expect(localPrice(offer, { currency: 'USD', rules, rate: null })).toEqual({
      retail: usd(500),
      netLocal: usd(300),
      rate: null,
    });
  });

  it('knows which rule applies', () => {
    const rules = {
      default: DEFAULT_PRICE_RULE,
      byCountry: { DE: { kind: 'markup' as const, percent: 10, ending: 'none' as const } },
      byPackage: { p: { kind: 'markup' as const, percent: 20, ending: 'none' as const } },
    };
    expect(ruleFor(rules, { id: 'p', kind: 'local', countries: ['DE'] })).toBe(rules.byPackage.p);
    expect(ruleFor(rules, { id: 'q', kind: 'local', countries: ['DE'] })).toBe(rules.byCountry.DE);
    expect(ruleFor(rules, { id: 'q', kind: 'local', countries: ['FR'] })).toBe(DEFAULT_PRICE_RULE);
  });
});

describe('tax', () => {
  it('takes VAT out of a price that includes it, and adds sales tax on top of one that does not', () => {
    expect(applyTax(eur(1190), { mode: 'included', percent: 19, label: 'MwSt' })).toEqual({
      net: eur(1000),
      tax: eur(190),
      gross: eur(1190),
    });
    expect(applyTax(usd(1000), { mode: 'added', percent: 8.875, label: 'Sales tax' })).toEqual({
      net: usd(1000),
      tax: usd(89), // 88.75 → 89
      gross: usd(1089),
    });
    expect(applyTax(jpy(1100), { mode: 'included', percent: 10, label: '消費税' }).tax).toEqual(jpy(100));
    expect(applyTax(eur(999), NO_TAX)).toEqual({ net: eur(999), tax: eur(0), gross: eur(999) });
  });
});
