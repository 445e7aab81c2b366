// A 429 on an order or a top-up, against the sandbox: the wait is kept, a retry before it sends
// nothing, a retry after it goes through. The counter's clock is injected; the service's is real.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { TopupsService } from '../../../../../electron/backend/topups/service.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
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
  clock = Date.parse('2026-11-23T10:00:00.000Z');
  // The service's wait holds every order of the client on the counter's clock; each test starts with none.
  partner = testPartnerClient(ts, { now: () => clock });
});
afterEach(async () => {
  await ts.control.clearFaults();
  db.close();
});

const sales = () => new SalesService({ db, partner, catalog, now: () => clock, settleMs: 60_000 });
const topups = () => new TopupsService({ db, partner, now: () => clock, settleMs: 60_000 });

async function posts(path: string): Promise<number> {
  return (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === path).length;
}

async function rateLimitNext(path: string, retryAfter: number): Promise<void> {
  await ts.control.fault({ match: { method: 'POST', path: `^${path}$` }, kind: 'status', status: 429, retryAfter });
}

describe('an order answered 429 with Retry-After', () => {
  it('fails as rate_limited, keeps until when, refuses a retry before it without sending, and sends after it', async () => {
    await rateLimitNext('/v2/orders', 7);
    const failed = await sales().create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk);
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
    expect(failed.retryAfter).toBe('2026-11-23T10:00:07.000Z');
    const sent = await posts('/v2/orders');

    clock += 18;
    await expect(sales().retry(failed.id, clerk)).rejects.toMatchObject({
      error: { code: 'rate_limited', retryAfterSeconds: 7 },
    });
    clock += 5_000;
    await expect(sales().retry(failed.id, clerk)).rejects.toMatchObject({
      error: { code: 'rate_limited', retryAfterSeconds: 2 },
    });
    expect(await posts('/v2/orders')).toBe(sent);
    expect(listAudit(db, { subject: failed.id }).map((e) => e.action)).not.toContain('sale.retried');
    // The view counts down with the clock and says nothing once the wait is over.
    expect(sales().view(failed.id, clerk).failure?.retryAfterSeconds).toBe(2);

    clock = Date.parse('2026-11-23T10:00:07.000Z');
    expect(sales().view(failed.id, clerk)).toMatchObject({ retryAfter: null, failure: { code: 'rate_limited' } });
    const retried = await sales().retry(failed.id, clerk);
    expect(retried).toMatchObject({ status: 'completed', retryAfter: null, failure: null });
    expect(retried.esims).toHaveLength(1);
    expect(await posts('/v2/orders')).toBe(sent + 1);
    expect((await ts.control.orders()).filter((o) => o.description === failed.reference)).toHaveLength(1);
  });

  it('caps an absurd wait at an hour', async () => {
    await rateLimitNext('/v2/orders', 10 * 365 * 24 * 3600);
    const failed = await sales().create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk);
    expect(failed.retryAfter).toBe('2026-11-23T11:00:00.000Z');
    expect(failed.failure?.retryAfterSeconds).toBe(3600);
  });
});

describe('a top-up answered 429 with Retry-After', () => {
  it('is refused locally until the moment, then goes through', async () => {
    const sold = await sales().create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk);
    const iccid = sold.esims[0]!.iccid;
    const options = await topups().options(iccid);
    await rateLimitNext('/v2/orders/topups', 30);
    const failed = await topups().create({ iccid, packageId: options.offers[0]!.id, paymentMethod: 'card' }, clerk);
    expect(failed).toMatchObject({
      status: 'failed',
      retryAfter: '2026-11-23T10:00:30.000Z',
      failure: { code: 'rate_limited', retryAfterSeconds: 30 },
    });
    const sent = await posts('/v2/orders/topups');

    clock += 29_001;
    await expect(topups().retry(failed.id, clerk)).rejects.toMatchObject({
      error: { code: 'rate_limited', retryAfterSeconds: 1 },
    });
    expect(await posts('/v2/orders/topups')).toBe(sent);

    clock += 999;
    expect(await topups().retry(failed.id, clerk)).toMatchObject({ status: 'completed', retryAfter: null });
    expect(await posts('/v2/orders/topups')).toBe(sent + 1);
  });
});
