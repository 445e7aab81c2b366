// A group order killed with SIGKILL at each point of its way (after sending, after the service
// accepted it, …) and started again: it is settled once, with one order (or none) at the service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashSandbox, runSaleWorker } from '../../../../support/sale-worker-run.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';

const QUANTITY = 20;
let ts: TestSandbox;
let packageId: string;

beforeAll(async () => {
  ({ ts, packageId } = await crashSandbox('ES'));
});
afterAll(() => ts.close());

const run = (mode: 'group' | 'settle', dataDir: string, saleId: string, crashAt?: string) =>
  runSaleWorker(
    ts,
    { MODE: mode, DATA_DIR: dataDir, SALE_ID: saleId, PACKAGE_ID: packageId, QUANTITY: String(QUANTITY) },
    crashAt,
  );

// Where the process dies, and what the group order must be once the app has started again.
const cases = [
  { crashAt: 'after_intent', expected: 'failed', orders: 0 },
  // The request never left: the look-up finds nothing (the group's settle window is 0 here).
  { crashAt: 'after_submitting', expected: 'not_found', orders: 0 },
  // Killed after sending, with the service's 202 in hand but not recorded.
  { crashAt: 'after_response', expected: 'completed', orders: 1 },
  // The acceptance recorded, nothing looked up yet.
  { crashAt: 'after_accepted', expected: 'completed', orders: 1 },
  { crashAt: 'after_complete', expected: 'completed', orders: 1 },
] as const;

describe('a backend killed with SIGKILL during a group order', () => {
  for (const { crashAt, expected, orders } of cases) {
    it(`${crashAt}: ends ${expected} after a restart, with ${orders} order at the service`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-group-crash-'));
      const saleId = crypto.randomUUID();
      await ts.control.clearRequests();
      const sell = await run('group', dataDir, saleId, crashAt);
      expect(sell.signal, sell.stderr).toBe('SIGKILL');

      const settle = await run('settle', dataDir, saleId);
      expect(settle.status, settle.stderr).toBe(0);
      const { summary, sale } = JSON.parse(settle.out) as {
        summary: { ok: true; value: { checked: number } };
        sale: { ok: true; value: { status: string; reference: string; esims: unknown[]; quantity: number } };
      };
      expect(sale.value.status).toBe(expected);
      expect(sale.value.quantity).toBe(QUANTITY);
      expect(summary.value.checked).toBe(crashAt === 'after_complete' ? 0 : 1);
      const atService = (await ts.control.orders()).filter((o) => o.description === sale.value.reference);
      expect(atService).toHaveLength(orders);
      expect(sale.value.esims).toHaveLength(orders * QUANTITY);
      // A second restart changes nothing: settled once.
      const again = await run('settle', dataDir, saleId);
      const second = JSON.parse(again.out) as { summary: { value: { checked: number } }; sale: { value: { status: string } } };
      expect(second.summary.value.checked).toBe(0);
      expect(second.sale.value.status).toBe(expected);
      expect((await ts.control.orders()).filter((o) => o.description === sale.value.reference)).toHaveLength(orders);
      // Sent once, or never when killed before the request: no restart ever sent it again.
      const posts = (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders-async');
      expect(posts).toHaveLength(crashAt === 'after_intent' || crashAt === 'after_submitting' ? 0 : 1);
    });
  }

  it('without a crash: one group order, one order of 20 at the service', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-group-crash-'));
    const saleId = crypto.randomUUID();
    const sell = await run('group', dataDir, saleId);
    expect(sell.status, sell.stderr).toBe(0);
    const { result } = JSON.parse(sell.out) as { result: { ok: true; value: { sale: { status: string; reference: string } } } };
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const settle = await run('settle', dataDir, saleId);
    const { sale } = JSON.parse(settle.out) as { sale: { value: { status: string; esims: unknown[] } } };
    expect(sale.value.status).toBe('completed');
    expect(sale.value.esims).toHaveLength(QUANTITY);
    expect((await ts.control.orders()).filter((o) => o.description === result.value.sale.reference)).toHaveLength(1);
  });
});
