import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../../shared/errors.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { crashSandbox, runSaleWorker } from '../../../../support/sale-worker-run.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let packageId: string;

beforeAll(async () => {
  ({ ts, packageId } = await crashSandbox('FR'));
});
afterAll(() => ts.close());

const valueOf = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

/**
 * A counter that has sold once (so it keeps the catalogue), then takes two sales while every
 * connection to the service fails: both wait, nothing sent.
 */
async function twoWaiting(crashAt = ''): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-offline-crash-'));
  const env = { DATA_DIR: dataDir, PACKAGE_ID: packageId, SALE_ID: crypto.randomUUID(), SALE_ID_2: crypto.randomUUID() };
  const sold = await runSaleWorker(ts, { ...env, MODE: 'sell', SALE_ID: crypto.randomUUID() });
  expect(sold.signal, sold.stderr).toBeNull();
  await ts.control.fault({ match: { path: '/' }, kind: 'reset-before', times: 100_000 });
  try {
    const taken = await runSaleWorker(ts, { ...env, MODE: 'offline-take' }, crashAt);
    if (crashAt) {
      expect(taken.signal, taken.stderr).toBe('SIGKILL');
      // The clerk asks again with the same ids (the answer was lost): the same sales, taken once.
      const again = await runSaleWorker(ts, { ...env, MODE: 'offline-take' });
      expect(again.signal, again.stderr).toBeNull();
    } else expect(taken.signal, taken.stderr).toBeNull();
  } finally {
    await ts.control.clearFaults();
  }
  return { dataDir, env };
}

/** Places what waits (killed at `crashAt`), then starts again and places the rest: each sale is one order. */
async function placedOnce(env: Record<string, string>, crashAt: string) {
  const killed = await runSaleWorker(ts, { ...env, MODE: 'offline-place' }, crashAt);
  expect(killed.signal, killed.stderr).toBe('SIGKILL');
  const resumed = await runSaleWorker(ts, { ...env, MODE: 'offline-place' });
  expect(resumed.signal, resumed.stderr).toBeNull();
  const { sales } = JSON.parse(resumed.out) as { sales: Result<SaleView>[] };
  const orders = await ts.control.orders();
  for (const sale of sales.map(valueOf)) {
    expect(sale.status, sale.reference).toBe('completed');
    expect(sale.offline?.state).toBe('issued');
    expect(
      orders.filter((o) => o.description === sale.reference),
      sale.reference,
    ).toHaveLength(1);
  }
}

describe('a backend killed with SIGKILL while it takes or places sales taken offline', () => {
  it('offline_taken, then after_intent: the sales asked again after the restart are the same ones, each placed once', async () => {
    const { env } = await twoWaiting('offline_taken');
    await placedOnce(env, 'after_intent');
  });

  // Killed at after_intent above: the intent written, the request not yet made.
  for (const crashAt of ['after_submitting', 'after_response', 'offline_between_sales']) {
    it(`${crashAt}: placed after the restart, every sale is exactly one order`, async () => {
      const { env } = await twoWaiting();
      await placedOnce(env, crashAt);
    });
  }
});
