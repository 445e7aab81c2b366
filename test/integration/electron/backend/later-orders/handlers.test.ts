// Group and future orders through the contract, as the renderer calls them: inputs refused in the
// field's words before anything is sent, and a group order and a future order end to end.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { addDays, today } from '../../../../../shared/clock.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let packageId: string;

beforeAll(async () => {
  ts = await startTestSandbox();
  ({ backend, call } = await startTestBackend(ts, { groupSettleMs: 600_000 }));
  await call('session.signIn', { staffId: (await call('staff.list'))[0].id, pin: '2468' });
  packageId = (await call('catalog.packages', { country: 'PT', type: 'local' }))[0].id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

async function refusal(method: string, input: unknown) {
  const error = await call(method, input).then(
    () => null,
    (e: { error: Record<string, unknown> }) => e.error,
  );
  if (!error) throw new Error(`${method} was not refused`);
  return error;
}

describe('groupOrders', () => {
  it('refuses one eSIM, and more than the partner makes in one order, by field', async () => {
    const base = { packageId, paymentMethod: 'cash' };
    expect(await refusal('groupOrders.create', { ...base, quantity: 1 })).toMatchObject({
      code: 'bad_input',
      fields: { quantity: 'too_small' },
    });
    expect(await refusal('groupOrders.create', { ...base, quantity: 51 })).toMatchObject({
      code: 'bad_input',
      fields: { quantity: 'too_big' },
      fieldParams: { quantity: { max: 50 } },
    });
  });

  it('makes a group of 12 and answers its progress until its eSIMs are there', async () => {
    const view = await call('groupOrders.create', { packageId, quantity: 12, paymentMethod: 'card' });
    expect(view.sale.quantity).toBe(12);
    const done = await vi.waitFor(
      async () => {
        const now = await call('groupOrders.get', { id: view.sale.id });
        if (now.sale.status !== 'completed') throw new Error(now.sale.status);
        return now;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(done.sale.esims).toHaveLength(12);
    // It is a sale like any other: in History.
    expect((await call('sales.list', { query: view.sale.reference })).map((s: { id: string }) => s.id)).toEqual([view.sale.id]);
  });
});

describe('futureOrders', () => {
  it('needs the customer’s e-mail and a date, by field', async () => {
    const base = { packageId, quantity: 1, paymentMethod: 'cash', dueDate: addDays(today('UTC'), 5) };
    expect(await refusal('futureOrders.create', { ...base, customerEmail: undefined })).toMatchObject({
      code: 'bad_input',
      fields: { customerEmail: 'required' },
    });
    expect(await refusal('futureOrders.create', { ...base, customerEmail: 'x@example.com', dueDate: 'next week' })).toMatchObject(
      { code: 'bad_input', fields: { dueDate: 'date' } },
    );
  });

  it('is scheduled, listed, cancelled', async () => {
    const view = await call('futureOrders.create', {
      packageId,
      quantity: 3,
      paymentMethod: 'cash',
      customerEmail: 'group@example.com',
      dueDate: `${addDays(today(backend.info.timeZone), 6)} 09:15`,
    });
    expect(view.status).toBe('scheduled');
    const list = await call('futureOrders.list', { refresh: true });
    expect(list.orders.map((o: { id: string }) => o.id)).toContain(view.id);
    expect(list.checkedAt).not.toBeNull();
    expect((await call('futureOrders.cancel', { id: view.id })).status).toBe('cancelled');
  });
});
