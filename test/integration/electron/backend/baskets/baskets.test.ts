import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { HistoryEntry } from '../../../../../shared/history.ts';
import type { SaleView, TopupOptions } from '../../../../../shared/sales.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';

let ts: TestSandbox;
let app: TestBackend;
let fr: PackageOffer;
let de: PackageOffer;

beforeAll(async () => {
  ts = await startTestSandbox();
  app = await startTestBackend(ts);
  await app.signIn('manager');
  fr = (await app.call<PackageOffer[]>('catalog.packages', { country: 'FR', type: 'local' }))[0]!;
  de = (await app.call<PackageOffer[]>('catalog.packages', { country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
});
afterAll(async () => {
  await app.backend.close();
  await ts.close();
});

const ordersFor = async (reference: string | null) => (await ts.control.orders()).filter((o) => o.description === reference);

describe('a basket: several packages and top-ups for one payment', () => {
  it('sends each line once as its own sale or top-up, says which were issued and which failed, and charges only the issued', async () => {
    const sold = await app.call<SaleView>('sales.create', { packageId: de.id, quantity: 1, paymentMethod: 'cash' });
    const iccid = sold.esims[0]!.iccid;
    const topup = (await app.call<TopupOptions>('topups.options', { iccid })).offers[0]!;

    const id = crypto.randomUUID();
    const lines = [
      { packageId: fr.id, quantity: 2 },
      { packageId: 'no-such-package', quantity: 1 },
      { iccid, packageId: topup.id },
    ];
    const basket = await app.call<BasketView>('baskets.create', { id, paymentMethod: 'card', lines });
    expect(basket.lines.map((l) => [l.kind, l.status])).toEqual([
      ['sale', 'issued'],
      ['sale', 'failed'],
      ['topup', 'issued'],
    ]);
    expect(basket.lines[1]!.refusal).toMatchObject({ code: 'not_found' });
    expect(basket.lines[1]!.orderStatus).toBeNull();
    // One payment: the issued lines' totals, nothing for the failed one.
    const sale = await app.call<SaleView>('sales.get', { id: basket.lines[0]!.orderId });
    expect(sale).toMatchObject({ status: 'completed', quantity: 2, paymentMethod: 'card' });
    expect(sale.esims).toHaveLength(2);
    const topped = await app.call<{ total: { minor: number } }>('topups.get', { id: basket.lines[2]!.orderId });
    expect(basket.charged).toEqual([{ minor: sale.total.minor + topped.total.minor, currency: sale.total.currency }]);
    expect(basket.checking).toEqual([]);
    for (const line of [basket.lines[0]!, basket.lines[2]!]) expect(await ordersFor(line.reference)).toHaveLength(1);

    // Asked again (a lost answer, a second window): the same basket, nothing sent twice.
    const again = await app.call<BasketView>('baskets.create', { id, paymentMethod: 'card', lines });
    expect(again).toEqual(basket);
    for (const line of [basket.lines[0]!, basket.lines[2]!]) expect(await ordersFor(line.reference)).toHaveLength(1);
    expect(await app.call<BasketView>('baskets.get', { id })).toEqual(basket);

    // Each line is a sale or a top-up like any other: History finds them.
    const found = await app.call<HistoryEntry[]>('history.search', { query: basket.lines[0]!.reference });
    expect(found.flatMap((h) => (h.kind === 'sale' ? [h.sale.id] : []))).toContain(basket.lines[0]!.orderId);
  });

  it('refuses the same basket id with other lines or another payment, in words, and sends nothing', async () => {
    const id = crypto.randomUUID();
    const before = (await ts.control.orders()).length;
    await app.call<BasketView>('baskets.create', { id, paymentMethod: 'cash', lines: [{ packageId: fr.id, quantity: 1 }] });
    for (const other of [
      { paymentMethod: 'card', lines: [{ packageId: fr.id, quantity: 1 }] },
      { paymentMethod: 'cash', lines: [{ packageId: fr.id, quantity: 2 }] },
    ]) {
      await expect(app.call('baskets.create', { id, ...other })).rejects.toMatchObject({
        error: { code: 'conflict', reason: 'basket_differs' },
      });
    }
    expect((await ts.control.orders()).length).toBe(before + 1);
    await expect(app.call('baskets.get', { id: crypto.randomUUID() })).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'basket_not_found' },
    });
    await expect(app.call('baskets.create', { paymentMethod: 'cash', lines: [] })).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { lines: 'too_few_items' } },
    });
  });
});
