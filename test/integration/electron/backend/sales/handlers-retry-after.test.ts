// Through the contract, as the renderer calls it: a 429 on an order crosses as a failed view that
// says until when, and an early retry as `rate_limited` error data, with nothing sent.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { createPartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { submitOrder } from '../../../../../electron/backend/partner/orders.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let packageId: string;
const orders = async () => (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders').length;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('clerk');
  packageId = (await call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!.id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('a 429 on an order, through the contract', () => {
  it('fails with until when, and refuses sales.retry before then as error data without a request', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'status', status: 429, retryAfter: 120 });
    const sent = Date.now();
    const failed = await call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'rate_limited' } });
    const until = Date.parse(failed.retryAfter!);
    expect(until).toBeGreaterThanOrEqual(sent + 119_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 120_000);
    const posted = await orders();

    const result = await backend.dispatch('sales.retry', { id: failed.id });
    expect(result).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    const seconds = (result as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds;
    expect(seconds).toBeGreaterThan(110);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(await orders()).toBe(posted);
  });
});

describe('a 429 on an order holds every order of the counter until its wait ends', () => {
  let held: Backend;
  let heldCall: TestBackend['call'];
  // The partner client's clock: moved past the wait instead of waiting for it.
  let aheadMs = 0;

  beforeAll(async () => {
    const test = await startTestBackend(ts, { now: () => Date.now() + aheadMs });
    ({ backend: held, call: heldCall } = test);
    await test.addStaff('clerk', 'Chris Clerk', 'clerk');
    await test.signIn('clerk');
  });
  afterAll(() => held.close());

  it('refuses the next sale before sending it, with the seconds left, tells every screen, and sends once the wait is over', async () => {
    const told: unknown[] = [];
    held.events.subscribe((name, payload) => {
      if (name === 'orders.held') told.push(payload);
    });
    await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'status', status: 429, retryAfter: 7 });
    const failed = await heldCall<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'rate_limited' } });
    expect(told).toEqual([{ until: expect.any(String), seconds: 7 }]);
    const sent = await orders();

    // A second later, another sale: held, before any intent or request.
    aheadMs = 1_000;
    const sales = (await heldCall<SaleView[]>('sales.list', {})).length;
    const refused = await held.dispatch('sales.create', { packageId, quantity: 1, paymentMethod: 'card' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: 6 } });
    expect(await heldCall('sales.readiness')).toMatchObject({ orderHold: { seconds: 6 } });
    expect(await orders()).toBe(sent);
    expect(await heldCall<SaleView[]>('sales.list', {})).toHaveLength(sales);
    // Vouchers are orders too.
    const vouchers = await held.dispatch('vouchers.create', {
      batchId: randomUUID(),
      packageId,
      quantity: 1,
      paymentMethod: 'cash',
    });
    expect(vouchers).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: 6 } });
    expect((await ts.control.requests()).filter((r) => r.path.startsWith('/v2/voucher'))).toHaveLength(0);

    // The wait over, the next sale goes to the service.
    aheadMs = 7_000;
    expect(await heldCall('sales.readiness')).toMatchObject({ orderHold: null });
    const sold = await heldCall<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
    expect(sold.status).toBe('completed');
    expect(await orders()).toBe(sent + 1);
  });
});

describe('an order sent by any path while orders are held', () => {
  it('is refused by the partner client before it leaves, as a definite wait (nothing sent)', async () => {
    const partner = createPartnerClient({
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
      secrets: new MemorySecretStore(),
    });
    const before = await orders();
    partner.orderHold.note(5);
    const refused = await submitOrder(partner, { packageId, quantity: 1, description: 'held' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartnerError);
    expect(refused).toMatchObject({ kind: 'rate_limited', details: { retryAfterSeconds: 5 }, outcomeUncertain: false });
    expect(await orders()).toBe(before);
    partner.reachability.stop();
  });
});
