import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { HistoryEntry } from '../../../../../shared/history.ts';
import type { ClosePreview } from '../../../../../shared/reports.ts';
import type { SaleView, SalesReadiness } from '../../../../../shared/sales.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { until } from '../../../../support/until.ts';

const HOUR = 3_600_000;
let ts: TestSandbox;
let app: TestBackend;
let fr: PackageOffer;
/**
 * The backend's clock runs this far ahead of the machine's: a waiting sale's time limit passes on
 * demand. It only ever moves forward, as a clock does: the backend's last contact stays in its past.
 */
let ahead = 0;

beforeAll(async () => {
  ts = await startTestSandbox();
  app = await startTestBackend(ts, { now: () => Date.now() + ahead, probeIntervalMs: 200 });
  await app.signIn('manager');
  // The store's days in UTC, as the ISO times the tests read their dates from.
  await app.call('settings.update', { timeZone: 'UTC' });
  fr = (await app.call<PackageOffer[]>('catalog.packages', { country: 'FR', type: 'local' }))[0]!;
});
afterAll(async () => {
  await app.backend.close();
  await ts.close();
});
beforeEach(() => serviceBack());

const ordersFor = async (reference: string) => (await ts.control.orders()).filter((o) => o.description === reference);
/** Every connection to the service fails from now on, and the backend has seen it fail. */
async function serviceAway() {
  await ts.control.fault({ match: { path: '/' }, kind: 'reset-before', times: 100_000 });
  // Past the time a last answer is trusted: the next look asks the service again, and hears nothing.
  ahead += 6_000;
}
/** The service answers again, and the backend has heard it (its probe runs on its own timer). */
async function serviceBack() {
  await ts.control.clearFaults();
  await until(async () => (await app.call<SalesReadiness>('sales.readiness')).service.state === 'reachable');
  await app.backend.offlineSales.placeWaiting();
}
const allow = (change: Record<string, unknown> = {}) =>
  app.call('settings.update', {
    offlineSales: { enabled: true, maxPerSale: null, maxTotal: null, hours: 24, ...change },
  });
const takeOffline = (input: Record<string, unknown> = {}) =>
  app.call<SaleView>('sales.createOffline', {
    saleId: crypto.randomUUID(),
    packageId: fr.id,
    paymentMethod: 'cash',
    customerEmail: 'traveller@example.com',
    customerEmailAgain: 'Traveller@example.com ',
    ...input,
  });

describe('sales taken while the eSIM service is away', () => {
  it('are refused until a manager allows them, and while the service answers', async () => {
    await expect(takeOffline()).rejects.toMatchObject({ error: { code: 'forbidden', reason: 'offline_sales_off' } });
    await allow();
    await expect(takeOffline()).rejects.toMatchObject({ error: { code: 'conflict', reason: 'service_answers' } });
    expect((await app.call<SaleView[]>('sales.queued')).length).toBe(0);
  });

  it('waits as queued with nothing sent, then is placed exactly once with the e-mail when the service is back', async () => {
    await allow();
    await serviceAway();
    await expect(takeOffline({ customerEmailAgain: 'someone@else.com' })).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { customerEmailAgain: 'email_mismatch' } },
    });
    const saleId = crypto.randomUUID();
    const taken = await takeOffline({ saleId });
    expect(taken).toMatchObject({ id: saleId, status: 'queued', customerEmail: 'traveller@example.com', esims: [] });
    expect(taken.offline?.state).toBe('waiting');
    expect(Date.parse(taken.offline!.deadline) - Date.parse(taken.offline!.takenAt)).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(taken.total).toEqual(fr.retail);
    // Asked again with its id (a lost answer): the same sale, taken once.
    expect(await takeOffline({ saleId })).toEqual(taken);
    expect(await app.call<SaleView>('sales.get', { id: saleId })).toEqual(taken);
    expect((await app.call<SaleView[]>('sales.queued')).map((s) => s.id)).toEqual([saleId]);
    expect((await app.call<SalesReadiness>('sales.readiness')).offline).toMatchObject({ enabled: true, waiting: 1 });
    const found = await app.call<HistoryEntry[]>('history.search', { query: 'traveller@' });
    expect(found.flatMap((h) => (h.kind === 'sale' ? [[h.sale.id, h.sale.status]] : []))).toContainEqual([saleId, 'queued']);
    // The day cannot be closed while it waits, and the close says which.
    const preview = await app.call<ClosePreview>('close.preview', { date: taken.offline!.takenAt.slice(0, 10) });
    expect(preview.offlineOpen).toEqual([taken.reference]);

    // Still away: nothing is placed.
    await app.backend.offlineSales.placeWaiting();
    expect((await app.call<SaleView>('sales.get', { id: saleId })).status).toBe('queued');
    await serviceBack();
    const placed = await app.call<SaleView>('sales.get', { id: saleId });
    expect(placed).toMatchObject({ status: 'completed', reference: taken.reference, offline: { state: 'issued' } });
    expect(placed.total).toEqual(taken.total);
    expect(await ordersFor(taken.reference)).toHaveLength(1);
    const mail = (await ts.control.emails()).filter((e) => String(e.subject).includes(placed.partnerOrderCode!));
    expect(mail.map((e) => e.to)).toEqual(['traveller@example.com']);
    // Placed once: another pass, and the same id taken again, send nothing more.
    await app.backend.offlineSales.placeWaiting();
    await expect(takeOffline({ saleId })).resolves.toMatchObject({ status: 'completed' });
    expect(await ordersFor(taken.reference)).toHaveLength(1);
    expect(await app.call<SaleView[]>('sales.queued')).toEqual([]);
  });

  it('keeps within the caps a manager set, per sale and for all that wait', async () => {
    const price = fr.retail;
    await allow({ maxPerSale: { minor: price.minor - 1, currency: price.currency } });
    await serviceAway();
    await expect(takeOffline()).rejects.toMatchObject({ error: { reason: 'offline_over_sale_cap' } });
    await allow({ maxTotal: { minor: price.minor * 2, currency: price.currency } });
    await takeOffline();
    await takeOffline();
    await expect(takeOffline()).rejects.toMatchObject({
      error: { reason: 'offline_over_total_cap', params: { room: expect.stringContaining(price.currency) } },
    });
    expect((await app.call<SalesReadiness>('sales.readiness')).offline.room).toEqual({ minor: 0, currency: price.currency });
    await serviceBack();
    expect((await app.call<SalesReadiness>('sales.readiness')).offline).toMatchObject({
      waiting: 0,
      room: { minor: price.minor * 2 },
    });
  });

  it('is refused and listed for a refund once its time runs out, never placed late; a manager refunds it', async () => {
    await allow({ hours: 1 });
    await serviceAway();
    const late = await takeOffline();
    const withdrawn = await takeOffline();
    // A waiting sale refunded at once (the customer changed their mind) is never placed.
    const refunded = await app.call<SaleView>('sales.void', { id: withdrawn.id, reason: 'Customer changed their mind' });
    expect(refunded).toMatchObject({
      status: 'failed',
      voided: { reason: 'Customer changed their mind' },
      offline: { state: 'refunded' },
    });

    ahead += 2 * HOUR;
    await serviceBack();
    const lapsed = await app.call<SaleView>('sales.get', { id: late.id });
    expect(lapsed).toMatchObject({ status: 'failed', failure: { code: 'expired' }, offline: { state: 'to_refund' } });
    expect(await ordersFor(late.reference)).toHaveLength(0);
    expect(await ordersFor(withdrawn.reference)).toHaveLength(0);
    expect((await app.call<SaleView[]>('sales.toRefund')).map((s) => s.id)).toEqual([late.id]);
    const date = late.offline!.takenAt.slice(0, 10);
    const { open } = await app.call<ClosePreview>('close.preview', { date });
    await expect(app.call('close.commit', { date, countedCash: [], basis: open.basis })).rejects.toMatchObject({
      error: { reason: 'close_offline_open', params: { count: 1, references: late.reference } },
    });
    await app.call('sales.void', { id: late.id, reason: 'Refunded in cash' });
    expect(await app.call<SaleView[]>('sales.toRefund')).toEqual([]);
    expect((await app.call<SaleView>('sales.get', { id: late.id })).offline?.state).toBe('refunded');
  });

  it('is never sold twice under one id, nor sent again by a clerk once its time has run out', async () => {
    await allow({ hours: 1 });
    await serviceAway();
    const taken = await takeOffline();
    // The answer was lost; the service is back and the clerk presses Sell with the same id.
    await serviceBack();
    const again = await app.call<SaleView>('sales.create', { saleId: taken.id, packageId: fr.id, paymentMethod: 'cash' });
    expect(again).toMatchObject({ id: taken.id, reference: taken.reference, status: 'completed', offline: { state: 'issued' } });
    expect(await ordersFor(taken.reference)).toHaveLength(1);

    await serviceAway();
    const late = await takeOffline();
    ahead += 2 * HOUR;
    await serviceBack();
    expect((await app.call<SaleView>('sales.get', { id: late.id })).failure?.code).toBe('expired');
    // History's "Send again" on it: refused in words, nothing sent.
    await expect(app.call('sales.retry', { id: late.id })).rejects.toMatchObject({ error: { reason: 'offline_expired' } });
    expect(await ordersFor(late.reference)).toHaveLength(0);
    await app.call('sales.void', { id: late.id, reason: 'Refunded in cash' });
  });

  it('waits through a refusal for the whole shop (no credit) and is placed once the credit is there', async () => {
    await allow();
    await serviceAway();
    const taken = await takeOffline();
    // The service comes back but refuses orders for the shop's credit: nothing ordered, it waits for the top-up.
    await ts.control.setBalance(0);
    try {
      await serviceBack();
      const refused = await app.call<SaleView>('sales.get', { id: taken.id });
      expect(refused).toMatchObject({ status: 'queued', failure: { code: 'low_credit' }, offline: { state: 'waiting' } });
      expect((await app.call<SaleView[]>('sales.toRefund')).map((s) => s.id)).not.toContain(taken.id);
      expect(await ordersFor(taken.reference)).toHaveLength(0);
    } finally {
      await ts.control.setBalance(10_000);
    }
    await app.backend.offlineSales.placeWaiting();
    expect(await app.call<SaleView>('sales.get', { id: taken.id })).toMatchObject({ status: 'completed' });
    expect(await ordersFor(taken.reference)).toHaveLength(1);
  });
});
