import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashSandbox, runSaleWorker } from '../../../../support/sale-worker-run.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let packageId: string;

beforeAll(async () => {
  ({ ts, packageId } = await crashSandbox('FR'));
});
afterAll(() => ts.close());

const run = (mode: 'sell' | 'settle', dataDir: string, saleId: string, crashAt?: string) =>
  runSaleWorker(ts, { MODE: mode, DATA_DIR: dataDir, SALE_ID: saleId, PACKAGE_ID: packageId }, crashAt);

// Where the process dies, and what the sale must be once the app has started again.
const cases = [
  { crashAt: 'after_intent', expected: 'failed', orders: 0 },
  { crashAt: 'after_submitting', expected: 'not_found', orders: 0 },
  { crashAt: 'after_response', expected: 'completed', orders: 1 },
  { crashAt: 'after_complete', expected: 'completed', orders: 1 },
] as const;

describe('a backend killed with SIGKILL during a sale', () => {
  for (const { crashAt, expected, orders } of cases) {
    it(`${crashAt}: ends ${expected} after a restart, with ${orders} order at the service`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-crash-'));
      const saleId = crypto.randomUUID();
      const sell = await run('sell', dataDir, saleId, crashAt);
      expect(sell.signal, sell.stderr).toBe('SIGKILL');

      const settle = await run('settle', dataDir, saleId);
      expect(settle.status, settle.stderr).toBe(0);
      const { summary, sale } = JSON.parse(settle.out) as {
        summary: { ok: true; value: { checked: number } };
        sale: { ok: true; value: { status: string; reference: string; esims: unknown[] } };
      };
      expect(sale.value.status).toBe(expected);
      expect(summary.value.checked).toBe(crashAt === 'after_complete' ? 0 : 1);
      const atService = (await ts.control.orders()).filter((o) => o.description === sale.value.reference);
      expect(atService).toHaveLength(orders);
      expect(sale.value.esims).toHaveLength(orders);
    });
  }

  it('without a crash: one sale, one order, nothing left to settle', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-crash-'));
    const saleId = crypto.randomUUID();
    const sell = await run('sell', dataDir, saleId);
    expect(sell.status, sell.stderr).toBe(0);
    expect(sell.out, sell.stderr).toContain('"result"');
    const { result } = JSON.parse(sell.out) as { result: { ok: true; value: { status: string; reference: string } } };
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, value: { status: 'completed' } });
    expect((await ts.control.orders()).filter((o) => o.description === result.value.reference)).toHaveLength(1);
  });
});
