// Future orders against the sandbox over HTTP: sold now for a departure date, made by the service at
// its due time (the sandbox's clock moved with its control API), found by the counter's look-ups and
// written to History; the partner's due-date and cancellation rules, each refusal in its own words.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { NO_WEBHOOK_URL } from '../../../../../electron/backend/partner/async-orders.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { FutureOrdersService } from '../../../../../electron/backend/later-orders/future-orders.ts';
import { getFutureOrder, insertFutureOrder } from '../../../../../electron/backend/later-orders/db-future.ts';
import { getSale, listEsimsOfSale, listSales } from '../../../../../electron/backend/sales/db.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { localDate } from '../../../../../shared/clock.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

const DAY = 86_400_000;
const ZONE = 'Europe/Berlin';
let ts: TestSandbox;
let partner: PartnerClient;
let catalog: CatalogService;
let offer: PackageOffer;
let db: Journal;
let clerk: StaffSession;
let clock: number;
let service: FutureOrdersService;

beforeAll(async () => {
  ts = await startTestSandbox();
  partner = testPartnerClient(ts);
  catalog = new CatalogService(partner);
  offer = (await catalog.packages({ country: 'GR', type: 'local' }))[0]!;
});
afterAll(() => ts.close());

/** The catalogue, with the sandbox's test packages (not listed by the service) offered as `offer`. */
const offers = {
  offer: async (id: string) => (id.startsWith('test-') ? { ...offer, id } : catalog.offer(id)),
};

beforeEach(async () => {
  await ts.control.reset();
  ({ db } = tempJournal());
  ({ clerk } = await seedStaff(db));
  clock = Date.now();
  service = new FutureOrdersService({ db, partner, catalog: offers, timeZone: () => ZONE, now: () => clock, settleMs: 60_000 });
});
afterEach(() => {
  service.stop();
  db.close();
});

/** A departure date `days` ahead, as a clerk types it: the store's local date, or date and time. */
const dayAhead = (days: number, time?: string) => `${localDate(clock + days * DAY, ZONE)}${time ? ` ${time}` : ''}`;

const order = (extra: Record<string, unknown> = {}) => ({
  packageId: offer.id,
  quantity: 2,
  dueDate: dayAhead(4),
  customerEmail: 'traveller@example.com',
  paymentMethod: 'card' as const,
  ...extra,
});

async function atService() {
  const body = (await (await fetch(`${ts.url}/__sandbox/future-orders`)).json()) as { future_orders: any[] };
  return body.future_orders;
}

async function sent(method: string, path: string) {
  return (await ts.control.requests()).filter((r) => r.method === method && r.path === path);
}

describe('a future order', () => {
  it('is scheduled at the service for the start of the departure day in the store’s zone, with the e-mail', async () => {
    const view = await service.create(order(), clerk);
    expect(view.status).toBe('scheduled');
    expect(view.partnerStatus).toBe('pending');
    const midnight = new Date(`${dayAhead(4)}T00:00:00+01:00`).getTime();
    // Berlin is UTC+1 or +2: the start of that day there, an hour or two before midnight UTC.
    expect([midnight, midnight - 3_600_000]).toContain(Date.parse(view.dueAt));
    expect(Date.parse(view.latestCancellationAt!)).toBe(Date.parse(view.dueAt) - DAY);
    expect(view.total).toEqual({ minor: offer.retail.minor * 2, currency: offer.retail.currency });
    const [record] = await atService();
    expect(record).toMatchObject({
      description: view.reference,
      quantity: 2,
      status: 'pending',
      toEmail: 'traveller@example.com',
      sharingOption: ['link'],
      webhookUrl: NO_WEBHOOK_URL,
    });
    expect(getFutureOrder(db, view.id)?.requestId).toBe(record.requestId);
    // Nothing is sold until the service makes it.
    expect(getSale(db, view.id)).toBeUndefined();
  });

  it('takes a time too, and is made at its due time: the counter finds it and writes its sale to History', async () => {
    const view = await service.create(order({ dueDate: dayAhead(3, '14:30') }), clerk);
    expect(localDate(view.dueAt, ZONE)).toBe(dayAhead(3));
    expect(new Date(view.dueAt).toLocaleTimeString('en-GB', { timeZone: ZONE })).toBe('14:30:00');
    expect((await service.list(true)).orders.map((o) => o.status)).toEqual(['scheduled']);

    await ts.control.advanceClock(4 * DAY);
    const list = await service.list(true);
    expect(list.checkFailed).toBe(false);
    const [made] = list.orders;
    expect(made).toMatchObject({ id: view.id, status: 'fulfilled', saleId: view.id });
    const sale = getSale(db, view.id)!;
    expect(sale).toMatchObject({ status: 'completed', reference: view.reference, quantity: 2, createdAt: view.createdAt });
    expect(listEsimsOfSale(db, view.id)).toHaveLength(2);
    expect(listSales(db, { query: view.reference }).map((s) => s.id)).toEqual([view.id]);
    expect(listAudit(db, { subject: view.id }).map((e) => e.action)).toEqual(
      expect.arrayContaining(['future_order.created', 'future_order.scheduled', 'future_order.fulfilled']),
    );
    // Looked at again: nothing written twice.
    await service.list(true);
    expect(listEsimsOfSale(db, view.id)).toHaveLength(2);
  });

  it('is sent once under a double click', async () => {
    const id = crypto.randomUUID();
    const [a, b] = await Promise.all([service.create(order({ id }), clerk), service.create(order({ id }), clerk)]);
    expect(a.reference).toBe(b.reference);
    expect(await atService()).toHaveLength(1);
  });
});

describe('the partner’s rules on due dates, checked before anything is sent', () => {
  it.each([
    ['tomorrow', () => dayAhead(1), 'future_due_too_soon'],
    ['more than a year ahead', () => dayAhead(400), 'future_due_too_late'],
  ])('refuses %s, saying the limit', async (_name, due, reason) => {
    await expect(service.create(order({ dueDate: due() }), clerk)).rejects.toMatchObject({
      error: { code: 'bad_input', reason, params: { at: expect.any(String) }, fields: { dueDate: 'invalid' } },
    });
    expect(await sent('POST', '/v2/future-orders')).toHaveLength(0);
    expect(db.prepare('SELECT count(*) AS n FROM future_orders').get()).toEqual({ n: 0 });
  });

  it('refuses a date that does not exist', async () => {
    await expect(service.create(order({ dueDate: '2031-02-30' }), clerk)).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { dueDate: 'date' } },
    });
  });
});

describe('the service’s refusals, kept with the order in words', () => {
  it('sold out (code 34)', async () => {
    const view = await service.create(order({ packageId: 'test-out-of-stock-7days-1gb' }), clerk);
    expect(view).toMatchObject({ status: 'failed', failure: { code: 'sold_out' } });
  });

  it('fewer eSIMs than asked for', async () => {
    await ts.control.setStock(offer.id, 1);
    const view = await service.create(order(), clerk);
    expect(view).toMatchObject({ status: 'failed', failure: { code: 'sold_out' } });
  });

  it('a due date the service finds too soon by its own clock', async () => {
    await ts.control.advanceClock(2 * DAY);
    const view = await service.create(order({ dueDate: dayAhead(3) }), clerk);
    expect(view).toMatchObject({ status: 'failed', failure: { code: 'due_too_soon' } });
  });

  it('failed and retried at the service (its test packages), as its list says', async () => {
    const failed = await service.create(order({ packageId: 'test-create-failed-future-order-7days-1gb' }), clerk);
    const retrying = await service.create(order({ packageId: 'test-create-retry-future-order-7days-1gb' }), clerk);
    expect([failed.status, retrying.status]).toEqual(['scheduled', 'scheduled']);
    const list = await service.list(true);
    const of = (id: string) => list.orders.find((o) => o.id === id)!;
    expect(of(failed.id)).toMatchObject({ status: 'failed', failure: { code: 'failed_at_service' } });
    expect(of(retrying.id)).toMatchObject({ status: 'scheduled', partnerStatus: 'retry' });
  });
});

describe('cancelling', () => {
  it('cancels a scheduled order, once, and says why it cannot again', async () => {
    const view = await service.create(order(), clerk);
    const cancelled = await service.cancel(view.id, clerk);
    expect(cancelled.status).toBe('cancelled');
    expect((await atService())[0].status).toBe('cancelled');
    await expect(service.cancel(view.id, clerk)).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'future_not_cancellable' },
    });
    await expect(service.cancel(crypto.randomUUID(), clerk)).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'future_order_not_found' },
    });
  });

  it('refuses in the last 24 hours before the due time, saying until when it could', async () => {
    const view = await service.create(order({ dueDate: dayAhead(3) }), clerk);
    clock = Date.parse(view.latestCancellationAt!) + 60_000;
    await expect(service.cancel(view.id, clerk)).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'future_cancel_too_late', params: { at: view.latestCancellationAt } },
    });
    expect(await sent('POST', '/v2/cancel-future-orders')).toHaveLength(0);
  });

  it('says the service’s own refusal inside 24 hours by its clock, and keeps the order scheduled', async () => {
    const view = await service.create(order({ dueDate: dayAhead(3) }), clerk);
    // The service's clock 12 hours before the due time; the counter's still days before it.
    await ts.control.advanceClock(Date.parse(view.dueAt) - 12 * 3_600_000 - Date.now());
    await expect(service.cancel(view.id, clerk)).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'future_cancel_too_late', partnerMessage: expect.stringMatching(/24 hours/) },
    });
    expect(service.view(view.id).status).toBe('scheduled');
  });

  it('says when the service has made it already, and then finds it made', async () => {
    const view = await service.create(order({ dueDate: dayAhead(3) }), clerk);
    await ts.control.advanceClock(4 * DAY);
    await expect(service.cancel(view.id, clerk)).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'future_already_made' },
    });
    expect((await service.list(true)).orders[0]?.status).toBe('fulfilled');
  });

  it('settles a cancellation whose answer was lost by the service’s lists', async () => {
    const view = await service.create(order(), clerk);
    await ts.control.fault({ match: { method: 'POST', path: '/v2/cancel-future-orders' }, kind: 'reset-after' });
    expect((await service.cancel(view.id, clerk)).status).toBe('cancelled');
  });
});

describe('a future order whose answer is lost', () => {
  it('is found in the service’s list by its reference (taken, connection reset), never sent twice', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/future-orders' }, kind: 'reset-after' });
    const view = await service.create(order(), clerk);
    expect(view.status).toBe('uncertain');
    const [found] = (await service.list(true)).orders;
    expect(found).toMatchObject({ status: 'scheduled', partnerStatus: 'pending' });
    expect(await sent('POST', '/v2/future-orders')).toHaveLength(1);
    expect(await atService()).toHaveLength(1);
  });

  it('fails as not found once the settle window has passed with nothing at the service (500)', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/future-orders' }, kind: 'status', status: 500 });
    const view = await service.create(order(), clerk);
    expect(view.status).toBe('uncertain');
    expect((await service.list(true)).orders[0]?.status).toBe('uncertain');
    clock += 61_000;
    expect((await service.list(true)).orders[0]).toMatchObject({ status: 'failed', failure: { code: 'not_found' } });
  });

  it('says so when the service cannot be read, keeping the states as they were', async () => {
    await service.create(order(), clerk);
    await ts.control.fault({ match: { method: 'GET', path: '/v2/future-orders' }, kind: 'status', status: 503, times: 5 });
    const list = await service.list(true);
    expect(list.checkFailed).toBe(true);
    expect(list.orders[0]?.status).toBe('scheduled');
    await ts.control.clearFaults();
  });

  it('at start: one never sent fails as not sent, nothing ordered', async () => {
    const at = new Date(clock).toISOString();
    insertFutureOrder(db, {
      id: crypto.randomUUID(),
      reference: 'EC-20260101-PENDING1',
      status: 'pending',
      packageId: offer.id,
      quantity: 1,
      customerEmail: 'a@example.com',
      staffId: clerk.staffId,
      dueAt: at,
      dueMinute: '2026-01-05 00:00',
      requestId: null,
      latestCancellationAt: null,
      partnerStatus: null,
      failureCode: null,
      failureReason: null,
      attempts: 0,
      sale: '{}',
      saleId: null,
      createdAt: at,
      updatedAt: at,
      submittedAt: null,
      checkedAt: null,
      settledAt: null,
    });
    service.start();
    const [row] = db.prepare('SELECT status, failure_code AS code FROM future_orders').all();
    expect(row).toEqual({ status: 'failed', code: 'not_sent' });
  });
});
