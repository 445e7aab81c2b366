// A sale the service never got, through the contract against the real sandbox: the clerk sends it
// again under its own reference, or a manager voids it for good; the journal holds to both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let test: TestBackend;
let packageId: string;

beforeAll(async () => {
  ts = await startTestSandbox();
  test = await startTestBackend(ts);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('clerk');
  packageId = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!.id;
});
afterAll(async () => {
  await test.backend.close();
  await ts.close();
});

/** A sale refused as sold out: definitely never ordered. */
async function soldOutSale(): Promise<SaleView> {
  await test.signIn('clerk');
  await ts.control.setStock(packageId, 0);
  const sale = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
  await ts.control.setStock(packageId, null);
  expect(sale).toMatchObject({ status: 'failed', failure: { code: 'sold_out' }, voided: null });
  return sale;
}

describe('a sale the service never got', () => {
  it('is sent again by the clerk under the same reference, once', async () => {
    const failed = await soldOutSale();
    const again = await test.call<SaleView>('sales.retry', { id: failed.id });
    expect(again).toMatchObject({ id: failed.id, reference: failed.reference, status: 'completed', attempts: 2 });
    const orders = (await ts.control.orders()).filter((o) => o.description === failed.reference);
    expect(orders).toHaveLength(1);
  });

  it('is voided by a manager with a reason, never by a clerk, and can then never be sent again', async () => {
    const failed = await soldOutSale();
    await expect(test.call('sales.void', { id: failed.id, reason: 'money back' })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });
    await test.signIn('manager');
    await expect(test.call('sales.void', { id: failed.id, reason: '   ' })).rejects.toMatchObject({
      error: { code: 'bad_input' },
    });
    const voided = await test.call<SaleView>('sales.void', { id: failed.id, reason: '  Money given back  ' });
    expect(voided.voided).toEqual({ at: expect.any(String), byStaffId: test.ids.manager, reason: 'Money given back' });
    expect(voided.status).toBe('failed');

    await expect(test.call('sales.retry', { id: failed.id })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'sale_voided' },
    });
    await expect(test.call('sales.void', { id: failed.id, reason: 'again' })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'sale_already_voided' },
    });
    expect((await ts.control.orders()).filter((o) => o.description === failed.reference)).toHaveLength(0);
    // The journal holds to it whatever writes to it.
    expect(() => test.backend.db.prepare("UPDATE sales SET status = 'submitting' WHERE id = ?").run(failed.id)).toThrow(
      /a voided sale cannot be sent again/,
    );
    expect(() => test.backend.db.prepare('DELETE FROM sale_voids WHERE sale_id = ?').run(failed.id)).toThrow(/cannot be undone/);
    const audit = await test.call<Array<{ action: string; details: Record<string, unknown> }>>('audit.list', {
      action: 'sale.voided',
    });
    expect(audit[0]?.details).toMatchObject({ reference: failed.reference, reason: 'Money given back' });
  });

  it('a completed sale cannot be voided', async () => {
    await test.signIn('manager');
    const sale = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'card' });
    expect(sale.status).toBe('completed');
    await expect(test.call('sales.void', { id: sale.id, reason: 'mistake' })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'only_not_issued_can_be_voided' },
    });
  });
});
