// Group orders against the sandbox over HTTP: a tour group's eSIMs sent as an asynchronous order,
// settled by looking the sale's reference up, with the same no-loss, no-duplicate rules as a sale.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { NO_WEBHOOK_URL } from '../../../../../electron/backend/partner/async-orders.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { getGroupOrder } from '../../../../../electron/backend/later-orders/db-group.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

let ts: TestSandbox;
let partner: PartnerClient;
let catalog: CatalogService;
let offer: PackageOffer;
let db: Journal;
let clerk: StaffSession;
let clock: number;
let sales: SalesService;

beforeAll(async () => {
  ts = await startTestSandbox();
  partner = testPartnerClient(ts);
  catalog = new CatalogService(partner);
  offer = (await catalog.packages({ country: 'IT', type: 'local' }))[0]!;
});
afterAll(() => ts.close());

beforeEach(async () => {
  ({ db } = tempJournal());
  ({ clerk } = await seedStaff(db));
  clock = Date.now();
  sales = new SalesService({ db, partner, catalog, now: () => clock, settleMs: 60_000, groupSettleMs: 600_000 });
  await ts.control.clearRequests();
});
afterEach(async () => {
  sales.stop();
  await ts.control.clearFaults();
  await ts.control.setBalance(10_000);
  await ts.control.setStock(offer.id, null);
  db.close();
});

const group = { quantity: 20, paymentMethod: 'card' as const };

async function ordersFor(reference: string) {
  return (await ts.control.orders()).filter((order) => order.description === reference);
}

/** Requests of one method and path the sandbox received, as the counter sent them. */
async function sent(method: string, path: string) {
  return (await ts.control.requests()).filter((r) => r.method === method && r.path === path);
}

/** Waits for the group to settle by the service's own pace, as the counter's look-ups find it. */
async function settled(id: string, status = 'completed') {
  return vi.waitFor(
    () => {
      const view = sales.groupView(id, clerk);
      if (view.sale.status !== status) throw new Error(`still ${view.sale.status}`);
      return view;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('a group order of 20 eSIMs', () => {
  it('is accepted by the service, found by its reference, and stored once with its 20 eSIMs', async () => {
    const accepted = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    // The service answered 202: the eSIMs come later, and the counter looks for them.
    expect(accepted.sale.status).toBe('uncertain');
    expect(accepted.acceptedAt).not.toBeNull();
    expect(accepted.giveUpAt).toBe(new Date(clock + 600_000).toISOString());
    expect(getGroupOrder(db, accepted.sale.id)?.requestId).toMatch(/^[A-Za-z0-9_-]{25}$/);

    const done = await settled(accepted.sale.id);
    expect(done.sale.esims).toHaveLength(20);
    expect(new Set(done.sale.esims.map((e) => e.iccid)).size).toBe(20);
    expect(done.sale.esims.every((e) => e.qrcode?.startsWith('LPA:1$'))).toBe(true);
    expect(done.sale.partnerOrderCode).toMatch(/^\d{8}-\d{6}$/);
    expect(done.checks).toBeGreaterThan(0);
    expect(done.giveUpAt).toBeNull();
    expect(await ordersFor(done.sale.reference)).toHaveLength(1);
    // One asynchronous request, never the synchronous one, and the webhook nobody can receive.
    expect(await sent('POST', '/v2/orders-async')).toHaveLength(1);
    expect(await sent('POST', '/v2/orders')).toHaveLength(0);
    const hooks = (await ts.control.webhooks()).filter((d) => String(d.body).includes(done.sale.reference));
    expect(hooks.map((d) => d.url)).toEqual([NO_WEBHOOK_URL]);
    expect(hooks[0]?.status).not.toBe('delivered');
    const actions = listAudit(db, { subject: done.sale.id }).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sale.created', 'sale.accepted', 'sale.completed']));
  });

  it('is created once under a double click, and refuses an id that is a counter sale', async () => {
    const saleId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      sales.createGroup({ ...group, saleId, packageId: offer.id }, clerk),
      sales.createGroup({ ...group, saleId, packageId: offer.id }, clerk),
    ]);
    expect(a.sale.id).toBe(saleId);
    expect(b.sale.reference).toBe(a.sale.reference);
    await settled(saleId);
    expect(await sent('POST', '/v2/orders-async')).toHaveLength(1);
    const single = await sales.create({ quantity: 1, paymentMethod: 'cash', packageId: offer.id }, clerk);
    await expect(sales.createGroup({ ...group, saleId: single.id, packageId: offer.id }, clerk)).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'sale_not_group' },
    });
    expect(() => sales.groupView(single.id, clerk)).toThrow(/no such sale/);
  });
});

describe('a group order the service refuses or cannot make', () => {
  it('fails at once, sold out, when the service has fewer eSIMs than the group (422)', async () => {
    await ts.control.setStock(offer.id, 5);
    const view = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    expect(view.sale.status).toBe('failed');
    expect(view.sale.failure?.code).toBe('sold_out');
    expect(await ordersFor(view.sale.reference)).toHaveLength(0);
  });

  it('is not made in the background (no credit): said at the next look-up; sent again it is made, once', async () => {
    await ts.control.setBalance(0);
    const view = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    expect(view.sale.status).toBe('uncertain');
    const failed = await settled(view.sale.id, 'not_found');
    expect(failed.sale.failure?.reason).toMatch(/could not make/);
    expect((await ordersFor(view.sale.reference)).map((o) => o.status)).toEqual(['failed']);

    // Sent again while still short of credit: the second failure is told from the first one.
    await sales.retry(view.sale.id, clerk);
    await settled(view.sale.id, 'not_found');
    expect((await ordersFor(view.sale.reference)).map((o) => o.status)).toEqual(['failed', 'failed']);

    await ts.control.setBalance(10_000);
    await sales.retry(view.sale.id, clerk);
    const done = await settled(view.sale.id);
    expect(done.sale.esims).toHaveLength(20);
    expect((await ordersFor(view.sale.reference)).map((o) => o.status).sort()).toEqual(['completed', 'failed', 'failed']);
    expect(done.sale.attempts).toBe(3);
  });
});

describe('a group order whose answer is lost', () => {
  it('is found by its reference when the service took it (connection reset after processing), never sent twice', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/orders-async' }, kind: 'reset-after' });
    const view = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    // Looked up at once: the order may be there already.
    const done = view.sale.status === 'completed' ? view : await settled(view.sale.id);
    expect(done.sale.esims).toHaveLength(20);
    expect(await sent('POST', '/v2/orders-async')).toHaveLength(1);
    expect(await ordersFor(view.sale.reference)).toHaveLength(1);
  });

  it('waits the group settle window before "not found" when the service failed before taking it (500)', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/orders-async' }, kind: 'status', status: 500 });
    const view = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    expect(view.sale.status).toBe('uncertain');
    clock += 120_000; // past a counter sale's window, not a group's
    expect((await sales.check(view.sale.id, clerk)).status).toBe('uncertain');
    clock += 600_000;
    expect((await sales.check(view.sale.id, clerk)).status).toBe('not_found');
    expect(await ordersFor(view.sale.reference)).toHaveLength(0);
  });

  it('adopts an order made after the counter gave up, instead of sending a second one', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/orders-async' }, kind: 'status', status: 500 });
    const view = await sales.createGroup({ ...group, packageId: offer.id }, clerk);
    clock += 700_000;
    expect((await sales.check(view.sale.id, clerk)).status).toBe('not_found');
    // The service makes it late after all (as if its queue had been slow), under the sale's reference.
    const token = await ts.token();
    const form = new FormData();
    for (const [key, value] of Object.entries({ package_id: offer.id, quantity: '20', description: view.sale.reference }))
      form.set(key, value);
    const made = await fetch(`${ts.url}/v2/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(made.status).toBe(200);

    const again = await sales.retry(view.sale.id, clerk);
    expect(again.status).toBe('completed');
    expect(again.esims).toHaveLength(20);
    expect(await sent('POST', '/v2/orders-async')).toHaveLength(1);
    expect(await ordersFor(view.sale.reference)).toHaveLength(1);
    expect(listAudit(db, { subject: view.sale.id }).map((e) => e.action)).toContain('sale.adopted_before_resend');
  });
});
