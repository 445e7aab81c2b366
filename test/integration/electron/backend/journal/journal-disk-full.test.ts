// A real full disk: the data folder on a small tmpfs (where the tests run as root), filled up
// while the counter sells. Sales are refused in words and paused, and resume once space is back.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../../shared/errors.ts';
import type { SalesReadiness, SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { fillDisk, mountTmpfs, unmountTmpfs } from '../../../../support/full-disk.ts';

const mount = mountTmpfs('16m');
let ts: TestSandbox;
let test: TestBackend;
let packageId: string;

beforeAll(async () => {
  if (!mount) return;
  ts = await startTestSandbox();
  test = await startTestBackend(ts, { dataDir: path.join(mount, 'data'), journalProbeMs: 100 });
  await test.signIn('manager');
  packageId = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'FR', type: 'local' }))[0]!.id;
});
afterAll(async () => {
  if (!mount) return;
  await test?.backend.close();
  await ts?.close();
  unmountTmpfs(mount);
});

describe.skipIf(!mount)('the data folder’s disk full (tmpfs)', () => {
  it('refuses sales as journal_unavailable, never internal, and sells again once space is freed', async () => {
    const sell = () => test.backend.dispatch('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
    expect(((await sell()) as Result<SaleView>).ok).toBe(true);

    const filler = path.join(mount!, 'filler');
    fillDisk(filler);
    const codes: string[] = [];
    for (let i = 0; i < 40 && !codes.includes('journal_unavailable'); i++) {
      const result = await sell();
      codes.push(result.ok ? 'ok' : result.error.code);
      // Each commit may use up the last few free pages of the WAL: fill again what it freed.
      fillDisk(`${filler}-${i}`);
    }
    expect(codes.at(-1)).toBe('journal_unavailable');
    expect(codes.filter((c) => c !== 'ok' && c !== 'journal_unavailable')).toEqual([]);
    expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBe('journal_unavailable');

    for (const name of fs.readdirSync(mount!)) if (name.startsWith('filler')) fs.rmSync(path.join(mount!, name));
    // The paused journal is tried every 100 ms by itself: sales come back without anyone asking.
    await vi.waitFor(async () => expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBeNull(), {
      timeout: 30_000,
    });
    const after = await sell();
    expect(after).toMatchObject({ ok: true, value: { status: 'completed' } });
    // Nothing at the service that the journal does not know.
    const references = new Set(
      (test.backend.db.prepare('SELECT reference FROM sales').all() as Array<{ reference: string }>).map((r) => r.reference),
    );
    for (const order of await ts.control.orders()) expect(references).toContain(order.description);
  });
});
