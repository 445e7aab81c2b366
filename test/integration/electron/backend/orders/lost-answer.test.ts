// The order went out and the service answered, but the write that completes the sale failed: the
// row stays `submitting`. Check now and the timer must settle it by looking the reference up,
// without a restart and without a second order. The failed write is a trigger that RAISEs.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { TopupsService } from '../../../../../electron/backend/topups/service.ts';
import { getOrderState, type OrderTable } from '../../../../../electron/backend/orders/db.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { TEST_PARTNER_TIMEOUT_MS, testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

let ts: TestSandbox;
let partner: PartnerClient;
let catalog: CatalogService;
let offer: PackageOffer;
let db: Journal;
let clerk: StaffSession;
let clock: number;
/** The test client's order timeout and the 5 s margin, and a little more. */
const PAST_DEADLINE = TEST_PARTNER_TIMEOUT_MS + 5_000 + 500;

beforeAll(async () => {
  ts = await startTestSandbox();
  partner = testPartnerClient(ts);
  catalog = new CatalogService(partner);
  offer = (await catalog.packages({ country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
});
afterAll(() => ts.close());
beforeEach(async () => {
  ({ db } = tempJournal());
  ({ clerk } = await seedStaff(db));
  clock = Date.now();
});
afterEach(() => db.close());

const sales = () => new SalesService({ db, partner, catalog, now: () => clock, settleMs: 60_000 });
const topups = () => new TopupsService({ db, partner, now: () => clock, settleMs: 60_000 });

/** Makes the next write that completes a row of `table` fail, as a full disk or an I/O error would. */
function failCompletingWrite(table: OrderTable): () => void {
  db.exec(`CREATE TEMP TRIGGER lost_answer BEFORE UPDATE OF status ON main.${table}
           WHEN NEW.status = 'completed' BEGIN SELECT RAISE(ABORT, 'disk I/O error (test)'); END`);
  return () => db.exec('DROP TRIGGER temp.lost_answer');
}

const posts = async (path: string) => (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === path).length;

/** The id of the newest row of `table`: the create call failed, so it returned none. */
function newest(table: OrderTable): string {
  return (db.prepare(`SELECT id FROM ${table} ORDER BY created_at DESC, rowid DESC LIMIT 1`).get() as { id: string }).id;
}

describe('a sale whose completing write failed after the order was sent', () => {
  it('is settled by Check now once the request deadline has passed, with its eSIMs, from one order', async () => {
    const before = await posts('/v2/orders');
    const restore = failCompletingWrite('sales');
    await expect(sales().create({ packageId: offer.id, quantity: 2, paymentMethod: 'cash' }, clerk)).rejects.toThrow(
      /disk I\/O error/,
    );
    restore();
    const id = newest('sales');
    expect(getOrderState(db, 'sales', id)?.status).toBe('submitting');
    expect(await posts('/v2/orders')).toBe(before + 1);

    // While the request could still be running, Check now only says where it is.
    expect((await sales().check(id, clerk)).status).toBe('submitting');

    clock += PAST_DEADLINE;
    const settled = await sales().check(id, clerk);
    expect(settled.status).toBe('completed');
    expect(settled.esims).toHaveLength(2);
    expect(settled.esims.every((e) => e.qrcode?.startsWith('LPA:1$'))).toBe(true);
    expect(await posts('/v2/orders')).toBe(before + 1);
    expect((await ts.control.orders()).filter((o) => o.description === settled.reference)).toHaveLength(1);
  });

  it('is settled by the 30-second timer as well', async () => {
    const restore = failCompletingWrite('sales');
    await sales()
      .create({ packageId: offer.id, quantity: 1, paymentMethod: 'card' }, clerk)
      .catch(() => undefined);
    restore();
    const id = newest('sales');
    const before = await posts('/v2/orders');

    await sales().reconcileUncertain();
    expect(getOrderState(db, 'sales', id)?.status).toBe('submitting');
    clock += PAST_DEADLINE;
    await sales().reconcileUncertain();
    expect(sales().view(id, clerk)).toMatchObject({ status: 'completed', failure: null });
    expect(await posts('/v2/orders')).toBe(before);
  });

  it('is refused a retry while it is unsettled: a second order is never sent', async () => {
    const restore = failCompletingWrite('sales');
    await sales()
      .create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk)
      .catch(() => undefined);
    restore();
    const id = newest('sales');
    const before = await posts('/v2/orders');
    clock += PAST_DEADLINE;
    await expect(sales().retry(id, clerk)).rejects.toMatchObject({ error: { code: 'conflict' } });
    expect(await posts('/v2/orders')).toBe(before);
  });
});

describe('a top-up whose completing write failed after it was sent', () => {
  it('is settled by Check now past the deadline, from one top-up', async () => {
    const sold = await sales().create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk);
    const iccid = sold.esims[0]!.iccid;
    const options = await topups().options(iccid);
    const before = await posts('/v2/orders/topups');
    const restore = failCompletingWrite('topups');
    await expect(topups().create({ iccid, packageId: options.offers[0]!.id, paymentMethod: 'card' }, clerk)).rejects.toThrow(
      /disk I\/O error/,
    );
    restore();
    const id = newest('topups');
    expect((await topups().check(id)).status).toBe('submitting');
    clock += PAST_DEADLINE;
    const settled = await topups().check(id);
    expect(settled.status).toBe('completed');
    expect(settled.partnerOrderCode).toMatch(/^\d{8}-\d{6}$/);
    expect(await posts('/v2/orders/topups')).toBe(before + 1);
  });
});
