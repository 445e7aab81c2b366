/**
 * The restore drill: a counter selling without pause while its journal is backed up, then
 * stopped, restored from that backup with the admin command's function, checked, and started
 * again. Every sale completed before the backup began must come back with its eSIMs.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { createBackend } from '../../../../electron/backend/app.ts';
import { backupNow, restoreBackup } from '../../../../electron/cli/admin-commands.ts';
import { journalPath } from '../../../../electron/backend/data-folder.ts';
import { listAudit, verifyChain } from '../../../../electron/backend/audit/db.ts';
import { backupJournal, checkJournalFile } from '../../../../electron/backend/journal/backup.ts';
import { integrityProblems, openJournal } from '../../../../electron/backend/journal/open.ts';
import { getSale, listEsimsOfSale } from '../../../../electron/backend/sales/db.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { startTestBackend } from '../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await ts?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Sold = { id: string; iccids: string[] };

it('restores a backup taken while selling, with every sale completed before it began and its eSIMs', async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  const { backend, call } = test;
  dataDir = backend.dataDir;
  const environment = backend.environment;
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('clerk');
  const [offer] = await call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' });

  // Three tills' worth of sales, one after the other on each, all at once.
  const completed: Sold[] = [];
  let selling = true;
  const till = async () => {
    while (selling) {
      const sale = await call<SaleView>('sales.create', { packageId: offer!.id, quantity: 2, paymentMethod: 'cash' });
      if (sale.status === 'completed') completed.push({ id: sale.id, iccids: sale.esims.map((e) => e.iccid).sort() });
    }
  };
  const tills = [till(), till(), till()];
  const soldAtLeast = async (n: number) => {
    while (completed.length < n) await new Promise((r) => setTimeout(r, 5));
  };
  await soldAtLeast(6);

  const head = () => listAudit(backend.db, { limit: 1 })[0]!.seq;
  const before = [...completed];
  const seqAtStart = head();
  // On the app's own connection in small steps, so sales commit between them, as the daily and
  // close backups run (a step of one page would never catch up with three busy tills); and the
  // admin command beside the running app, reading on a connection of its own.
  const [inApp, beside] = await Promise.all([
    backupJournal(backend.db, { dataDir, environment, reason: 'manual', pagesPerStep: 10 }),
    backupNow({ dataDir, environment, user: 'drill' }),
  ]);
  expect(head()).toBeGreaterThan(seqAtStart);
  const soldByEnd = completed.length;
  await soldAtLeast(soldByEnd + 3);
  selling = false;
  await Promise.all(tills);
  const after = completed.slice(soldByEnd);
  await backend.close();

  for (const file of [inApp.file, beside.backup.file]) {
    expect(checkJournalFile(file, { chain: true })).toMatchObject({ problems: [], chain: { ok: true } });
    const copy = new Database(file, { readonly: true });
    const ids = new Set(copy.prepare("SELECT id FROM sales WHERE status = 'completed'").pluck().all());
    copy.close();
    for (const sale of before) expect(ids.has(sale.id)).toBe(true);
  }

  const restored = await restoreBackup({ dataDir, environment, from: inApp.file, user: 'drill' });
  expect(restored.keptAside.length).toBeGreaterThan(0);
  const db = openJournal(journalPath(dataDir, environment));
  try {
    expect(integrityProblems(db)).toEqual([]);
    expect(verifyChain(db)).toMatchObject({ ok: true });
    for (const sale of before) {
      expect(getSale(db, sale.id)?.status).toBe('completed');
      expect(
        listEsimsOfSale(db, sale.id)
          .map((e) => e.iccid)
          .sort(),
      ).toEqual(sale.iccids);
    }
    // The journal really is the backup: a sale completed after it is absent, or still unfinished
    // as it was at the copy (the start's reconciliation asks the service about those).
    for (const sale of after) expect(['pending', 'submitting', undefined]).toContain(getSale(db, sale.id)?.status);
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({
      action: 'admin.restored',
      actorStaffId: null,
      details: { via: 'command_line', user: 'drill', from: inApp.file.split(/[\\/]/).at(-1) },
    });
  } finally {
    db.close();
  }
  const aside = new Database(restored.keptAside[0]!, { readonly: true });
  const keptIds = new Set(aside.prepare('SELECT id FROM sales').pluck().all());
  aside.close();
  for (const sale of [...before, ...after]) expect(keptIds.has(sale.id)).toBe(true);

  // The counter starts on the restored journal and shows a sale from before the backup, eSIMs and all.
  const again = await createBackend({
    dataDir,
    transport: 'browser',
    partner: {
      environment: 'partner_sandbox',
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
    },
    log: () => undefined,
  });
  try {
    expect(await again.dispatch('session.signIn', { staffId: test.ids.clerk, pin: '1357' })).toMatchObject({ ok: true });
    const shown = await again.dispatch('sales.get', { id: before[0]!.id });
    expect(shown).toMatchObject({
      ok: true,
      value: { status: 'completed', esims: before[0]!.iccids.map((iccid) => ({ iccid })) },
    });
  } finally {
    await again.close();
  }
});
