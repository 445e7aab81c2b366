// A real full disk: the data folder on a small tmpfs (where the tests run as root), filled up
// while the counter sells. Sales are refused in words and paused, and resume once space is back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/errors.ts';
import type { SalesReadiness, SaleView } from '../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/** Mounts a tmpfs of `size` at a fresh folder; null where this machine does not allow it. */
function mountTmpfs(size: string): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes a file until the disk says no more. */
function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

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
  execFileSync('umount', [mount]);
  fs.rmSync(mount, { recursive: true, force: true });
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
    await new Promise((r) => setTimeout(r, 150));
    expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBeNull();
    const after = await sell();
    expect(after).toMatchObject({ ok: true, value: { status: 'completed' } });
    // Nothing at the service that the journal does not know.
    const references = new Set(
      (test.backend.db.prepare('SELECT reference FROM sales').all() as Array<{ reference: string }>).map((r) => r.reference),
    );
    for (const order of await ts.control.orders()) expect(references).toContain(order.description);
  });
});
