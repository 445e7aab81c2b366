import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { TopupsService } from '../../../../../electron/backend/topups/service.ts';
import { buildReport } from '../../../../../electron/backend/reports/report.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import type { PriceRule } from '../../../../../shared/pricing.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

// Two services with the same catalogue (same seed): one with net pricing, one an account on
// discount pricing, which publishes no net prices and states the unit price paid on each order.
let net: TestSandbox;
let discount: TestSandbox;
let netPartner: PartnerClient;
let discountPartner: PartnerClient;
let db: Journal;
let clerk: StaffSession;
/** What the services logged in this test: an order that did not complete says why in the failure. */
let logged: string[];
const log = (message: string, error?: unknown) =>
  logged.push(`${message} ${error instanceof Error ? error.stack : String(error ?? '')}`);

beforeAll(async () => {
  [net, discount] = await Promise.all([startTestSandbox(), startTestSandbox({ discountPercentage: 20 })]);
  netPartner = testPartnerClient(net);
  discountPartner = testPartnerClient(discount);
});
afterAll(async () => {
  await Promise.all([net.close(), discount.close()]);
});
beforeEach(async () => {
  ({ db } = tempJournal());
  ({ clerk } = await seedStaff(db));
  logged = [];
});

const costOf = (id: string) =>
  db.prepare('SELECT unit_cost_minor AS cost, net_currency AS currency FROM sales WHERE id = ?').get(id) as {
    cost: number | null;
    currency: string;
  };
const today = () => new Date().toISOString().slice(0, 10);
const report = () => buildReport(db, { fromDate: today(), toDate: today(), timeZone: 'UTC' });

describe('what a sale cost the shop', () => {
  it('under discount pricing is the recommended price less the discount, and the markup rule is applied to it', async () => {
    const markup: PriceRule = { kind: 'markup', percent: 25, ending: 'none' };
    const catalog = new CatalogService(discountPartner, undefined, { priceRule: () => markup });
    const plain = new CatalogService(discountPartner);
    const listed = (await plain.packages({ country: 'JP', type: 'local' }))[0]!;
    const offer = (await catalog.offer(listed.id))!;
    const expectedCost = Math.round(listed.retail.minor * 0.8);
    expect(listed.net).toEqual({ minor: expectedCost, currency: 'USD' });
    expect(offer.retail.minor).toBe(Math.ceil(expectedCost * 1.25));

    const sale = await new SalesService({ db, partner: discountPartner, catalog, log }).create(
      { packageId: offer.id, quantity: 2, paymentMethod: 'cash' },
      clerk,
    );
    expect(sale.status, logged.join('\n')).toBe('completed');
    expect(costOf(sale.id)).toEqual({ cost: expectedCost, currency: 'USD' });
    const { totals } = report();
    expect(totals.cost).toEqual([{ minor: expectedCost * 2, currency: 'USD' }]);
    expect(totals.margin).toEqual([{ minor: (offer.retail.minor - expectedCost) * 2, currency: 'USD' }]);
    expect(totals.costUnknown).toBe(0);
  });

  it('is what the order answer says was paid, not what the catalogue expected', async () => {
    // The catalogue read from the net-pricing service expects its net price; the order goes to the
    // discount-pricing one, whose answer states a different unit price paid.
    const catalog = new CatalogService(netPartner);
    const offer = (await catalog.packages({ country: 'FR', type: 'local' }))[0]!;
    const paid = Math.round(offer.retail.minor * 0.8);
    expect(offer.net!.minor).not.toBe(paid);
    const sale = await new SalesService({ db, partner: discountPartner, catalog, log }).create(
      { packageId: offer.id, quantity: 1, paymentMethod: 'card' },
      clerk,
    );
    expect(sale.status, logged.join('\n')).toBe('completed');
    expect(costOf(sale.id).cost).toBe(paid);
    expect(report().totals.cost).toEqual([{ minor: paid, currency: 'USD' }]);
  });

  it('of a top-up is what the order answer says was paid', async () => {
    const catalog = new CatalogService(discountPartner);
    const offer = (await catalog.packages({ country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
    const sale = await new SalesService({ db, partner: discountPartner, catalog, log }).create(
      { packageId: offer.id, quantity: 1, paymentMethod: 'cash' },
      clerk,
    );
    expect(sale.status, logged.join('\n')).toBe('completed');
    const topups = new TopupsService({ db, partner: discountPartner, log });
    const options = await topups.options(sale.esims[0]!.iccid);
    const choice = options.offers[0]!;
    const topup = await topups.create(
      { iccid: options.iccid, packageId: choice.id, paymentMethod: 'cash', confirmChecksum: false },
      clerk,
    );
    expect(topup.status, logged.join('\n')).toBe('completed');
    const row = db.prepare('SELECT cost_minor AS cost FROM topups WHERE id = ?').get(topup.id) as { cost: number };
    expect(row.cost).toBe(choice.net!.minor);
  });
});

describe('where a regional sale went', () => {
  it('keeps the country the clerk chose, which the package must cover', async () => {
    const catalog = new CatalogService(netPartner);
    const regional = (await catalog.packages({ country: 'ES' })).find((o) => o.kind === 'regional')!;
    const sales = new SalesService({ db, partner: netPartner, catalog, log });
    const sale = await sales.create({ packageId: regional.id, quantity: 1, paymentMethod: 'cash', destination: 'ES' }, clerk);
    expect(db.prepare('SELECT destination_country_code AS d FROM sales WHERE id = ?').get(sale.id)).toEqual({ d: 'ES' });
    expect(report().byCountry.map((c) => c.key)).toEqual(['ES']);
    const notCovered = regional.countries.includes('JP') ? 'US' : 'JP';
    await expect(
      sales.create({ packageId: regional.id, quantity: 1, paymentMethod: 'cash', destination: notCovered }, clerk),
    ).rejects.toMatchObject({ error: { code: 'bad_input' } });
  });
});
