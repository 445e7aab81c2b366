/**
 * The restore drill from the screen: a counter sells, a manager backs up from Settings, more is
 * sold, the manager schedules the restore, and the next start on the same folder runs on the
 * backup: its sales and no later ones, the replaced journal kept aside, the restore in an audit
 * log whose chain holds, and a new sale completing on it. A restore that cannot be made leaves
 * the start, and the journal, as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../../electron/backend/app.ts';
import { listAudit, verifyChain } from '../../../../../electron/backend/audit/db.ts';
import { backupsDir, journalPath } from '../../../../../electron/backend/data-folder.ts';
import { PENDING_RESTORE_FILE } from '../../../../../electron/backend/backups/pending.ts';
import { getSale } from '../../../../../electron/backend/sales/db.ts';
import type { BackupsView } from '../../../../../shared/contract.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { callOn, startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox | null = null;
const folders: string[] = [];
afterAll(async () => {
  await ts?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function startAgain(dataDir: string, logged: string[] = []): Promise<Backend> {
  return createBackend({
    dataDir,
    transport: 'browser',
    partner: {
      environment: 'partner_sandbox',
      baseUrl: ts!.url,
      clientId: ts!.sandbox.clientId,
      clientSecret: ts!.sandbox.clientSecret,
    },
    log: (message) => void logged.push(message),
  });
}

async function sell(test: Pick<TestBackend, 'call'>, packageId: string): Promise<SaleView> {
  const sale = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
  expect(sale.status).toBe('completed');
  return sale;
}

it('restores at the next start a backup taken from Settings during sales, and sells on it', async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  const { dataDir, environment } = test.backend;
  folders.push(dataDir);
  await test.signIn('manager');
  const [offer] = await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' });

  const before = [await sell(test, offer!.id), await sell(test, offer!.id)];
  const { backup } = await test.call<{ backup: { name: string } }>('backup.create');
  const after = [await sell(test, offer!.id), await sell(test, offer!.id)];
  const scheduled = await test.call<BackupsView>('backup.restore', { name: backup.name });
  expect(scheduled.scheduled).toMatchObject({ name: backup.name, by: 'Maria Manager' });
  // Nothing is swapped under the running counter: its sales are all still there.
  for (const sale of after) expect(getSale(test.backend.db, sale.id)?.status).toBe('completed');
  await test.backend.close();

  const logged: string[] = [];
  const again = await startAgain(dataDir, logged);
  try {
    expect(fs.existsSync(path.join(dataDir, PENDING_RESTORE_FILE))).toBe(false);
    expect(logged.join('\n')).toMatch(/Restored the journal .* as scheduled; the journal it replaced is kept as/);
    const db = again.db;
    for (const sale of before) expect(getSale(db, sale.id)?.status).toBe('completed');
    for (const sale of after) expect(getSale(db, sale.id)).toBeUndefined();
    expect(verifyChain(db)).toMatchObject({ ok: true });
    const restored = listAudit(db, { limit: 50 }).find((e) => e.action === 'backup.restored');
    expect(restored).toMatchObject({
      actorStaffId: test.ids.manager,
      details: { scheduledBy: 'Maria Manager', from: backup.name, replaced: expect.stringContaining('.replaced-') },
    });
    expect(again.info.auditChain).toMatchObject({ ok: true });

    // The journal it replaced is kept aside, every sale in it.
    const aside = fs
      .readdirSync(dataDir)
      .find((name) => name.startsWith(`${path.basename(journalPath(dataDir, environment))}.replaced-`));
    expect(aside).toBeDefined();
    const kept = new Database(path.join(dataDir, aside!), { readonly: true });
    const keptIds = new Set(kept.prepare('SELECT id FROM sales').pluck().all());
    kept.close();
    for (const sale of [...before, ...after]) expect(keptIds.has(sale.id)).toBe(true);

    // And the counter sells on the restored journal.
    const call = <T = any>(method: string, input: unknown = {}) => callOn<T>(again, method, input);
    await call('session.signIn', { staffId: test.ids.manager, pin: '2468' });
    const fresh = await sell({ call }, offer!.id);
    expect(getSale(db, fresh.id)?.status).toBe('completed');
    expect((await call<BackupsView>('backup.list')).scheduled).toBeNull();
  } finally {
    await again.close();
  }
});

it('starts on the journal as it was when the scheduled backup is gone, and sets the note aside', async () => {
  ts ??= await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  const { dataDir, environment } = test.backend;
  folders.push(dataDir);
  await test.signIn('manager');
  const [offer] = await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' });
  const { backup } = await test.call<{ backup: { name: string } }>('backup.create');
  const later = await sell(test, offer!.id);
  await test.call('backup.restore', { name: backup.name });
  await test.backend.close();
  fs.rmSync(path.join(backupsDir(dataDir, environment), backup.name));

  const logged: string[] = [];
  const again = await startAgain(dataDir, logged);
  try {
    expect(getSale(again.db, later.id)?.status).toBe('completed');
    expect(fs.existsSync(path.join(dataDir, PENDING_RESTORE_FILE))).toBe(false);
    expect(fs.readdirSync(dataDir).some((name) => /^restore-failed-.*\.json$/.test(name))).toBe(true);
    expect(fs.readdirSync(dataDir).some((name) => name.includes('.replaced-'))).toBe(false);
    expect(logged.join('\n')).toMatch(/The scheduled restore from .* was not made, and the journal is as it was/);
  } finally {
    await again.close();
  }
});
