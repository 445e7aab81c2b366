/**
 * Demo's example sales: a manager of a fresh Demo adds a few days of real sales, sold through the
 * Demo sandbox and dated on the three days before today, which Reports and Close then show. Once
 * only, a manager's only, and never outside Demo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, localDate } from '../../../../../shared/clock.ts';
import { createBackend, type Backend } from '../../../../../electron/backend/app.ts';
import { callOn, startTestBackend } from '../../../../support/backend.ts';
import { startTestSandbox } from '../../../../support/sandbox.ts';

let backend: Backend;
const call = <T = any>(method: string, input: unknown = {}) => callOn<T>(backend, method, input);

beforeAll(async () => {
  vi.stubEnv('ESIM_COUNTER_SECRETS', 'file');
  backend = await createBackend({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'examples-')),
    transport: 'browser',
    log: () => undefined,
  });
});
afterAll(async () => {
  await backend.close();
  vi.unstubAllEnvs();
});

const signInAs = async (name: string, pin: string) => {
  const staff = await call<Array<{ id: string; name: string }>>('staff.list');
  await call('session.signIn', { staffId: staff.find((s) => s.name === name)!.id, pin });
};

describe('example sales in Demo', () => {
  it('are a manager’s to add: a clerk is refused', async () => {
    await signInAs('Chris Clerk', '1357');
    await expect(call('sales.addExamples')).rejects.toMatchObject({ error: { code: 'forbidden' } });
  });

  it('are real sales on each of the three days before today, sold by the Demo clerk, in Reports and Close', async () => {
    await signInAs('Maria Manager', '2468');
    expect(await call('sales.examplesOffered')).toEqual({ offered: true });
    const added = await call<{ added: number; days: string[] }>('sales.addExamples');
    expect(added.added).toBe(9);
    // The store's days: its time zone's.
    const zone = (await call<{ timeZone: string }>('app.info')).timeZone;
    const today = localDate(Date.now(), zone);
    const day = (back: number) => addDays(today, -back);
    expect(added.days).toEqual([day(3), day(2), day(1)]);

    // Sold through the sandbox: each has its eSIM, dated on its day.
    const rows = backend.db
      .prepare("SELECT created_at, status FROM sales WHERE status = 'completed' ORDER BY created_at")
      .all() as Array<{
      created_at: string;
    }>;
    expect(rows.map((r) => localDate(r.created_at, zone))).toEqual([
      day(3),
      day(3),
      day(3),
      day(2),
      day(2),
      day(2),
      day(1),
      day(1),
      day(1),
    ]);
    const esims = backend.db.prepare('SELECT count(*) AS n FROM esims').get() as { n: number };
    expect(esims.n).toBe(9);

    // Reports over the three days count them, by the Demo clerk; Close has the days to close.
    const report = await call<{ totals: { sales: number }; byClerk: Array<{ name?: string; count: number }> }>('reports.range', {
      from: day(3),
      to: day(1),
    });
    expect(report.totals.sales).toBe(9);
    expect(report.byClerk.map((b) => [b.name, b.count])).toEqual([['Chris Clerk', 9]]);
    const unclosed = await call<Array<{ date: string }>>('close.unclosed');
    expect(unclosed.map((u) => u.date)).toEqual(expect.arrayContaining([day(3), day(2), day(1)]));

    // Once only: the journal now has sales before today.
    expect(await call('sales.examplesOffered')).toEqual({ offered: false });
    await expect(call('sales.addExamples')).rejects.toMatchObject({ error: { code: 'conflict' } });
  });
});

describe('example sales outside Demo', () => {
  it('are never offered nor made', async () => {
    const ts = await startTestSandbox();
    const other = await startTestBackend(ts);
    try {
      await other.signIn('manager');
      expect(await other.call('sales.examplesOffered')).toEqual({ offered: false });
      await expect(other.call('sales.addExamples')).rejects.toMatchObject({ error: { code: 'forbidden' } });
      expect((other.backend.db.prepare('SELECT count(*) AS n FROM sales').get() as { n: number }).n).toBe(0);
    } finally {
      await other.backend.close();
      await ts.close();
    }
  });
});
