// Prices in the store's currency: the partner's dollar prices converted at its rate of the day,
// the store's rules and exceptions, and VAT or sales tax — through the contract, against the sandbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { getSale } from '../../../../../electron/backend/sales/db.ts';
import { setSetting, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { PriceRulesView, RatesView } from '../../../../../shared/manager.ts';
import { convert } from '../../../../../shared/pricing.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

beforeEach(async () => {
  ts = await startTestSandbox();
  ({ backend, call, signIn } = await startTestBackend(ts));
  await signIn('manager');
});
afterEach(async () => {
  await backend.close();
  await ts.close();
});

/** The partner's own (dollar) offers, as the sandbox lists them, by id. */
async function dollarOffers(): Promise<Map<string, PackageOffer>> {
  setSetting(backend.db, SETTINGS.currency, 'USD');
  const offers = await call<PackageOffer[]>('catalog.packages', { country: 'DE' });
  return new Map(offers.map((o) => [o.id, o]));
}

describe('prices in the store’s currency', () => {
  it('converts the partner’s prices at its rate of the day, shows the rate, dated, and sells in euros', async () => {
    const dollars = await dollarOffers();
    setSetting(backend.db, SETTINGS.currency, 'EUR');
    const rates = await call<RatesView>('pricing.refreshRates');
    expect(rates).toMatchObject({ from: 'USD', to: 'EUR', needed: true, stale: false, problem: null });
    expect(rates.current).toMatchObject({ from: 'USD', to: 'EUR', mid: expect.stringMatching(/^0\.9\d+$/) });
    expect(rates.current!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const rate = rates.current!;

    const euros = await call<PackageOffer[]>('catalog.packages', { country: 'DE' });
    expect(euros.length).toBeGreaterThan(0);
    for (const offer of euros) {
      expect(offer.retail).toEqual(convert(dollars.get(offer.id)!.retail, rate));
    }

    const offer = euros.find((o) => o.net)!;
    const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'cash' });
    expect(sale.status).toBe('completed');
    expect(sale.total).toEqual({ minor: offer.retail.minor * 2, currency: 'EUR' });
    const row = getSale(backend.db, sale.id)!;
    expect(row).toMatchObject({ retailCurrency: 'EUR', netCurrency: 'USD', fxRate: rate.mid, fxDate: rate.date });
    // The cost the partner charged, in dollars, and the same at the sale's rate in euros.
    expect(row.unitCostLocalMinor).toBe(convert({ minor: row.unitCostMinor!, currency: 'USD' }, rate).minor);
  });

  it('says why prices stay in dollars where the partner has no rate for the store’s currency', async () => {
    setSetting(backend.db, SETTINGS.currency, 'CHF');
    const rates = await call<RatesView>('pricing.refreshRates');
    expect(rates).toMatchObject({ to: 'CHF', needed: true, current: null, problem: { kind: 'not_offered', currency: 'CHF' } });
    const offers = await call<PackageOffer[]>('catalog.packages', { country: 'DE' });
    expect(new Set(offers.map((o) => o.retail.currency))).toEqual(new Set(['USD']));
  });

  it('follows a new currency set in Settings: the rate is fetched at once, and the shelf prices follow', async () => {
    const settings = await call<{ currency: string }>('settings.update', { currency: 'gbp' });
    expect(settings.currency).toBe('GBP');
    await expect.poll(async () => (await call<RatesView>('pricing.rates')).current?.to).toBe('GBP');
    const offers = await call<PackageOffer[]>('catalog.packages', { country: 'DE' });
    expect(new Set(offers.map((o) => o.retail.currency))).toEqual(new Set(['GBP']));
    const refused = await call('settings.update', { currency: 'XXY' }).catch((e: { error: { code: string } }) => e.error);
    expect(refused).toMatchObject({ code: 'bad_input' });
  });

  it('needs no rate in the partner’s own currency', async () => {
    expect(await call<RatesView>('pricing.rates')).toMatchObject({ to: 'USD', needed: false, current: null, problem: null });
  });
});

describe('the store’s rules and their exceptions', () => {
  it('prices a country’s local packages and a single package by their own rules, and removes them again', async () => {
    const dollars = await dollarOffers();
    const [first, second] = [...dollars.values()].filter((o) => o.kind === 'local' && o.net);
    let rules = await call<PriceRulesView>('pricing.setRule', {
      scope: 'country',
      target: 'de',
      rule: { kind: 'markup', percent: 50, ending: '90' },
    });
    expect(rules.byCountry).toEqual({ DE: { kind: 'markup', percent: 50, ending: '90' } });
    rules = await call<PriceRulesView>('pricing.setRule', {
      scope: 'package',
      target: second!.id,
      rule: { kind: 'fixed', price: { minor: 2500, currency: 'USD' } },
    });
    expect(rules).toMatchObject({ currency: 'USD', default: { kind: 'recommended' } });
    const priced = new Map((await call<PackageOffer[]>('catalog.packages', { country: 'DE' })).map((o) => [o.id, o]));
    const marked = Math.ceil(first!.net!.minor * 1.5);
    expect(priced.get(first!.id)!.retail.minor % 100).toBe(90);
    expect(priced.get(first!.id)!.retail.minor).toBeGreaterThanOrEqual(marked);
    expect(priced.get(first!.id)!.retail.minor - marked).toBeLessThan(100);
    expect(priced.get(second!.id)!.retail).toEqual({ minor: Math.max(2500, second!.net!.minor), currency: 'USD' });

    await call('pricing.setRule', { scope: 'country', target: 'DE', rule: null });
    await call('pricing.setRule', { scope: 'package', target: second!.id, rule: null });
    const back = new Map((await call<PackageOffer[]>('catalog.packages', { country: 'DE' })).map((o) => [o.id, o]));
    expect(back.get(first!.id)!.retail).toEqual(first!.retail);
    expect(await call<PriceRulesView>('pricing.rules')).toMatchObject({ byCountry: {}, byPackage: {} });
  });

  it('takes a package id that is also a name every object has as that package’s, set and removed', async () => {
    for (const target of ['constructor', 'toString', 'hasOwnProperty']) {
      const rule = { kind: 'markup', percent: 10, ending: 'none' } as const;
      const set = await call<PriceRulesView>('pricing.setRule', { scope: 'package', target, rule });
      expect(Object.entries(set.byPackage), target).toEqual([[target, rule]]);
      const removed = await call<PriceRulesView>('pricing.setRule', { scope: 'package', target, rule: null });
      expect(Object.keys(removed.byPackage), target).toEqual([]);
    }
  });
});

describe('tax', () => {
  it('adds sales tax at checkout: the sale’s total is what the customer pays, with the tax named', async () => {
    await call('settings.update', { tax: { mode: 'added', percent: 8.875, label: 'Sales tax' } });
    const offer = (await call<PackageOffer[]>('catalog.packages', { country: 'DE' }))[0]!;
    const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
    const tax = Math.floor((offer.retail.minor * 8875 + 50_000) / 100_000);
    expect(sale.tax).toEqual({ mode: 'added', percent: 8.875, amount: { minor: tax, currency: 'USD' } });
    expect(sale.total).toEqual({ minor: offer.retail.minor + tax, currency: 'USD' });
  });

  it('keeps VAT inside the shelf price and says how much of it is tax', async () => {
    await call('settings.update', { tax: { mode: 'included', percent: 19, label: 'MwSt' } });
    const offer = (await call<PackageOffer[]>('catalog.packages', { country: 'DE' }))[0]!;
    const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
    expect(sale.total).toEqual(offer.retail);
    expect(sale.tax!.amount.minor).toBe(Math.floor((offer.retail.minor * 1900 * 2 + 11_900) / (2 * 11_900)));
  });
});
