/**
 * Backups from the manager's screen: listed with their folder, taken and audited, checked (a
 * damaged one is said to be), named only by a listed file name, and a manager's only. And the
 * store's settings exported without a secret and imported back under `settings.update`'s rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { backupsDir } from '../../../../../electron/backend/data-folder.ts';
import type { BackupCheck, BackupsView, SettingsExport } from '../../../../../shared/contract.ts';
import type { StoreSettings } from '../../../../../shared/manager.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let test: TestBackend;

beforeAll(async () => {
  ts = await startTestSandbox();
  test = await startTestBackend(ts, { settleMs: 0 });
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('manager');
});

afterAll(async () => {
  const dataDir = test.backend.dataDir;
  await test.backend.close();
  await ts.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const refusal = (result: Awaited<ReturnType<TestBackend['backend']['dispatch']>>) => (result.ok ? null : result.error);

describe('backups from the screen', () => {
  it('takes a backup, lists it newest first with the folder, and audits who took it', async () => {
    const folder = backupsDir(test.backend.dataDir, test.backend.environment);
    expect(await test.call<BackupsView>('backup.list')).toEqual({ folder, backups: [], scheduled: null });
    const first = await test.call<{ backup: { name: string; bytes: number }; folder: string }>('backup.create');
    const second = await test.call<{ backup: { name: string } }>('backup.create');
    expect(first.folder).toBe(folder);
    expect(path.isAbsolute(first.folder)).toBe(true);
    expect(first.backup.bytes).toBeGreaterThan(0);
    const listed = await test.call<BackupsView>('backup.list');
    expect(listed.backups.map((b) => b.name)).toEqual([second.backup.name, first.backup.name]);
    expect(listed.backups[0]).toMatchObject({ reason: 'manual', bytes: expect.any(Number), at: expect.any(String) });
    expect(fs.existsSync(path.join(folder, first.backup.name))).toBe(true);
    expect(listAudit(test.backend.db, { limit: 1 })[0]).toMatchObject({
      action: 'backup.created',
      actorStaffId: test.ids.manager,
      details: { file: second.backup.name },
    });
  });

  it('checks a backup: healthy, or damaged when its bytes were overwritten', async () => {
    const { backups, folder } = await test.call<BackupsView>('backup.list');
    const healthy = await test.call<BackupCheck>('backup.verify', { name: backups[0]!.name });
    expect(healthy).toMatchObject({ ok: true, problems: [], auditBreak: null });
    expect(healthy.auditEntries).toBeGreaterThan(0);

    const damaged = backups[1]!.name;
    const file = path.join(folder, damaged);
    const bytes = fs.readFileSync(file);
    // Every page after the first overwritten: the schema survives, the tables do not.
    bytes.fill(0x5a, 4096);
    fs.writeFileSync(file, bytes);
    const check = await test.call<BackupCheck>('backup.verify', { name: damaged });
    expect(check.ok).toBe(false);
    expect(check.problems.length + (check.auditBreak ? 1 : 0)).toBeGreaterThan(0);
  });

  it('names a backup only by a listed file name, never a path', async () => {
    const { backups } = await test.call<BackupsView>('backup.list');
    for (const name of ['../counter.json', `../${backups[0]!.name}`, '/etc/passwd', 'journal-x.sqlite']) {
      for (const method of ['backup.verify', 'backup.restore']) {
        expect(refusal(await test.backend.dispatch(method, { name }))).toMatchObject({ code: 'bad_input' });
      }
    }
    // Named like a backup, but not one of the folder's.
    const unknown = backups[0]!.name.replace(/T\d{6}/, 'T000000');
    expect(refusal(await test.backend.dispatch('backup.verify', { name: unknown }))).toMatchObject({
      code: 'bad_input',
      fields: { name: 'invalid' },
    });
    expect((await test.call<BackupsView>('backup.list')).scheduled).toBeNull();
  });

  it('schedules a restore, shows it, and cancels it, each in the audit log', async () => {
    const { backups } = await test.call<BackupsView>('backup.list');
    const name = backups[0]!.name;
    const scheduled = await test.call<BackupsView>('backup.restore', { name });
    expect(scheduled.scheduled).toMatchObject({ name, by: 'Maria Manager' });
    expect(listAudit(test.backend.db, { limit: 1 })[0]).toMatchObject({
      action: 'backup.restore_scheduled',
      details: { file: name },
    });
    expect((await test.call<BackupsView>('backup.cancelRestore')).scheduled).toBeNull();
    expect(listAudit(test.backend.db, { limit: 1 })[0]).toMatchObject({
      action: 'backup.restore_cancelled',
      details: { file: name },
    });
    expect(fs.existsSync(path.join(test.backend.dataDir, 'restore-pending.json'))).toBe(false);
  });

  it('is a manager’s only', async () => {
    await test.signIn('clerk');
    try {
      for (const method of ['backup.list', 'backup.create', 'backup.cancelRestore', 'settings.export']) {
        expect(refusal(await test.backend.dispatch(method, {}))).toMatchObject({ code: 'forbidden' });
      }
      expect(refusal(await test.backend.dispatch('settings.import', { settings: {} }))).toMatchObject({ code: 'forbidden' });
    } finally {
      await test.signIn('manager');
    }
  });
});

describe('the store’s settings exported and imported', () => {
  it('exports what settings.update takes, with no secret, credential or partner account', async () => {
    const exported = await test.call<SettingsExport>('settings.export');
    expect(exported).toMatchObject({ app: 'esim-counter', settings: { storeName: expect.any(String) } });
    const text = JSON.stringify(exported);
    for (const secret of [ts.sandbox.clientSecret, ts.sandbox.clientId]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/secret|clientId|pin/i);
    // Changed through methods of their own, never an import.
    expect(exported.settings).not.toHaveProperty('lowDataEmail');
  });

  it('imports an export back, says what changed, and audits it as a change', async () => {
    const exported = await test.call<SettingsExport>('settings.export');
    await test.call('settings.update', { storeName: 'Elsewhere', idleLockMinutes: 30 });
    const imported = await test.call<{ settings: StoreSettings; changed: string[] }>('settings.import', {
      settings: exported.settings,
    });
    expect(imported.changed.sort()).toEqual(['idleLockMinutes', 'storeName']);
    expect(imported.settings).toMatchObject({
      storeName: exported.settings.storeName,
      idleLockMinutes: exported.settings.idleLockMinutes,
    });
    expect(listAudit(test.backend.db, { limit: 1 })[0]).toMatchObject({
      action: 'settings.changed',
      actorStaffId: test.ids.manager,
    });
    // The same file again changes nothing.
    expect((await test.call('settings.import', { settings: exported.settings })).changed).toEqual([]);
  });

  it('refuses a bad import in words and changes nothing', async () => {
    const before = await test.call<StoreSettings>('settings.get');
    const seq = listAudit(test.backend.db, { limit: 1 })[0]!.seq;
    const tooLong = refusal(
      await test.backend.dispatch('settings.import', { settings: { storeName: 'X', idleLockMinutes: 9999 } }),
    );
    expect(tooLong).toMatchObject({ code: 'bad_input' });
    expect(Object.keys(tooLong!.fields ?? {}).join()).toMatch(/idleLockMinutes/);
    const unknown = refusal(await test.backend.dispatch('settings.import', { settings: { clientSecret: 'x' } }));
    expect(unknown).toMatchObject({ code: 'bad_input' });
    const zone = refusal(
      await test.backend.dispatch('settings.import', { settings: { storeName: 'Y', timeZone: 'Mars/Olympus' } }),
    );
    expect(zone).toMatchObject({ code: 'bad_input', fields: { timeZone: 'time_zone' } });
    expect(await test.call<StoreSettings>('settings.get')).toEqual(before);
    expect(listAudit(test.backend.db, { limit: 1 })[0]!.seq).toBe(seq);
  });
});
