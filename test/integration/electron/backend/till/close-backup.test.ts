import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { backupsDir } from '../../../../../electron/backend/data-folder.ts';
import { checkJournalFile, listBackups } from '../../../../../electron/backend/journal/backup.ts';
import type { ClosePreview, DayClose } from '../../../../../shared/reports.ts';
import type { TestBackend } from '../../../../support/backend.ts';
import { startCloseCounter, utcToday, type CloseCounter } from '../../../../support/close-counter.ts';
import { until } from '../../../../support/until.ts';

let counter: CloseCounter;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let offer: { id: string };
const today = utcToday;

beforeAll(async () => {
  counter = await startCloseCounter();
  ({ backend, call, signIn, offer } = counter);
});
afterAll(() => counter.close());

async function sellAndClose(): Promise<{ close: DayClose; saleId: string }> {
  await signIn('clerk');
  const sale = await call<{ id: string; status: string }>('sales.create', {
    packageId: offer.id,
    quantity: 1,
    paymentMethod: 'card',
  });
  expect(sale.status).toBe('completed');
  await signIn('manager');
  const preview = await call<ClosePreview>('close.preview', { date: today() });
  const close = await call<DayClose>('close.commit', { date: today(), countedCash: [], basis: preview.open.basis });
  return { close, saleId: sale.id };
}

/** The backup runs after the close has answered, so its audit entries are waited for, newest first. */
async function backupEntries(count: number): Promise<Array<{ action: string; details: Record<string, unknown> }>> {
  const entries = () => call<Array<{ action: string; details: Record<string, unknown> }>>('audit.list', { action: 'journal.' });
  await until(async () => (await entries()).length >= count);
  return entries();
}

it('takes a checked backup after a day close, holding the close and its sales, and tells the manager in the audit log', async () => {
  const { close, saleId } = await sellAndClose();
  const [entry] = await backupEntries(1);
  const [backup] = listBackups(backend.dataDir, backend.environment);
  expect(backup).toMatchObject({ reason: 'close' });
  expect(entry).toMatchObject({ action: 'journal.backed_up', details: { reason: 'close', file: path.basename(backup!.file) } });
  expect(checkJournalFile(backup!.file, { chain: true })).toMatchObject({ problems: [], chain: { ok: true } });
  const copy = new Database(backup!.file, { readonly: true });
  expect(copy.prepare('SELECT id FROM day_closes').pluck().all()).toEqual([close.id]);
  expect(copy.prepare('SELECT status FROM sales WHERE id = ?').pluck().get(saleId)).toBe('completed');
  copy.close();
});

it('still closes the day when the backup fails, and the failure is in the audit log', async () => {
  const dir = backupsDir(backend.dataDir, backend.environment);
  fs.rmSync(path.dirname(dir), { recursive: true });
  fs.writeFileSync(path.dirname(dir), 'a file where the backups folder should be');
  const { close } = await sellAndClose();
  expect(close.sequence).toBe(2);
  const [failed] = await backupEntries(2);
  expect(failed).toMatchObject({ action: 'journal.backup_failed', details: { reason: 'close' } });
  fs.rmSync(path.dirname(dir));
});
