import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../electron/backend/app.ts';
import {
  AdminRefusal,
  backupNow,
  resetPinWithCode,
  restoreBackup,
  unlockStaff,
  verifyJournal,
} from '../../../../electron/cli/admin-commands.ts';
import { listAudit } from '../../../../electron/backend/audit/db.ts';
import { listBackups } from '../../../../electron/backend/journal/backup.ts';
import { openJournal } from '../../../../electron/backend/journal/open.ts';
import { FAST_SCRYPT, lockOut, ownedDataFolder, type OwnedFolder } from '../../../support/admin.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
let folder: OwnedFolder;
let backend: Backend | null;

beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => {
  await ts.close();
});
beforeEach(async () => {
  folder = await ownedDataFolder();
  backend = null;
});
afterEach(async () => {
  await backend?.close();
  fs.rmSync(folder.dataDir, { recursive: true, force: true });
});

const start = async () =>
  (backend = await createBackend({
    dataDir: folder.dataDir,
    transport: 'browser',
    partner: {
      environment: 'partner_sandbox',
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
    },
    log: () => undefined,
  }));

function audit(actionPrefix: string) {
  const db = openJournal(folder.journal);
  try {
    return listAudit(db, { actionPrefix });
  } finally {
    db.close();
  }
}

const signIn = (staffId: string, pin: string) => backend!.dispatch('session.signIn', { staffId, pin });

describe('unlock', () => {
  it('clears a lockout on the environment counter.json names, finding the name in any case and spacing, with an audit entry', async () => {
    await lockOut(folder.journal, folder.clerkId);
    const done = await unlockStaff({ dataDir: folder.dataDir, staff: '  chris   CLERK ', user: 'olga' });
    expect(done).toMatchObject({
      environment: 'partner_sandbox',
      staff: { id: folder.clerkId, lockedAt: null, failedAttempts: 0 },
    });
    expect(done.message).toBe(
      'Chris Clerk was locked and is unlocked in the Partner sandbox journal, and can sign in with their PIN.',
    );
    expect(audit('admin.')).toMatchObject([
      {
        action: 'admin.unlocked',
        actorStaffId: null,
        subject: folder.clerkId,
        details: { via: 'command_line', user: 'olga', wasLocked: true },
      },
    ]);
    await start();
    expect(await signIn(folder.clerkId, '1357')).toMatchObject({ ok: true });
  });

  it('answers a name it does not know with the names it does', async () => {
    await expect(unlockStaff({ dataDir: folder.dataDir, staff: 'Kim' })).rejects.toThrow(
      'No one called "Kim" is on the Partner sandbox journal\'s staff, which is: Chris Clerk (clerk), Olga Owner (manager).',
    );
  });

  it('says so when the environment has no journal in the folder, and makes none', async () => {
    await expect(unlockStaff({ dataDir: folder.dataDir, environment: 'production', staff: 'Olga Owner' })).rejects.toThrow(
      /There is no Production journal in .*journal-production\.sqlite/,
    );
    expect(fs.existsSync(`${folder.dataDir}/journal-production.sqlite`)).toBe(false);
  });
});

describe('while the app has the folder open', () => {
  it('refuses unlock, reset-pin and restore, naming the process, and changes nothing', async () => {
    await lockOut(folder.journal, folder.clerkId);
    await start();
    const refusal = new RegExp(
      `^eSIM Counter is already running on this data folder \\(process ${process.pid} on .*\\); stop it first, then run (unlock|reset-pin|restore) again\\.$`,
    );
    const attempts = [
      unlockStaff({ dataDir: folder.dataDir, staff: 'Chris Clerk' }),
      resetPinWithCode({ dataDir: folder.dataDir, staff: 'Olga Owner', recoveryCode: folder.recoveryCode, newPin: '7351' }),
      restoreBackup({ dataDir: folder.dataDir, environment: 'partner_sandbox' }),
    ];
    for (const attempt of attempts) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdminRefusal);
      expect((error as Error).message).toMatch(refusal);
    }
    expect(listAudit(backend!.db, { actionPrefix: 'admin.' })).toEqual([]);
    expect(await signIn(folder.clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'locked' } });
  });

  it('backs up and verifies beside it, reading only: the backup is checked but not written into the running journal', async () => {
    await start();
    const done = await backupNow({ dataDir: folder.dataDir });
    expect(done.beside).toMatchObject({ pid: process.pid });
    expect(done.message).toMatch(
      /while the app \(process \d+\) kept it open; the backup passed its check but is not in the journal's audit log\.$/,
    );
    expect(listBackups(folder.dataDir, 'partner_sandbox').map((b) => b.file)).toEqual([done.backup.file]);
    expect(verifyJournal({ dataDir: folder.dataDir, file: done.backup.file })).toMatchObject({ ok: true });
    expect(verifyJournal({ dataDir: folder.dataDir })).toMatchObject({ ok: true, message: expect.stringMatching(/is healthy/) });
    expect(listAudit(backend!.db, { actionPrefix: 'admin.' })).toEqual([]);
  });
});

describe('reset-pin', () => {
  it('with the right code, lets a locked-out manager sign in with the new PIN', async () => {
    await lockOut(folder.journal, folder.ownerId);
    const done = await resetPinWithCode({
      dataDir: folder.dataDir,
      staff: 'olga owner',
      recoveryCode: folder.recoveryCode.toLowerCase(),
      newPin: '7351',
      user: 'olga',
      scrypt: FAST_SCRYPT,
    });
    expect(done.message).toBe(
      'Olga Owner has a new PIN in the Partner sandbox journal, any lock is lifted, and they can sign in with it now.',
    );
    expect(audit('admin.')).toMatchObject([
      { action: 'admin.pin_reset', actorStaffId: null, details: { via: 'command_line', user: 'olga', wasLocked: true } },
    ]);
    await start();
    expect(await signIn(folder.ownerId, '2468')).toMatchObject({ ok: false });
    expect(await signIn(folder.ownerId, '7351')).toMatchObject({ ok: true, value: { staffId: folder.ownerId, role: 'manager' } });
  });

  it('refuses a wrong code, counts it in the journal and leaves the PIN as it was', async () => {
    const wrong = { dataDir: folder.dataDir, staff: 'Olga Owner', recoveryCode: 'AAAAA-BBBBB-CCCCC-DDDDD', newPin: '7351' };
    await expect(resetPinWithCode(wrong)).rejects.toThrow(/recovery code is wrong; after 4 more wrong tries/);
    await expect(resetPinWithCode(wrong)).rejects.toThrow(/after 3 more wrong tries/);
    expect(audit('admin.').map((e) => [e.action, e.details.reason, e.details.wrongInARow])).toEqual([
      ['admin.pin_reset_refused', 'wrong_code', 2],
      ['admin.pin_reset_refused', 'wrong_code', 1],
    ]);
    await start();
    expect(await signIn(folder.ownerId, '2468')).toMatchObject({ ok: true });
  });
});

describe('backup and verify with the folder free', () => {
  it('audits a backup by hand in the journal, and verify says which file is damaged', async () => {
    const done = await backupNow({ dataDir: folder.dataDir, user: 'olga' });
    expect(done).toMatchObject({ beside: null, backup: { reason: 'manual' } });
    expect(audit('admin.')).toMatchObject([
      {
        action: 'admin.backup',
        actorStaffId: null,
        details: { via: 'command_line', user: 'olga', file: expect.stringMatching(/-manual\.sqlite$/) },
      },
    ]);
    const damaged = `${folder.dataDir}/damaged.sqlite`;
    const bytes = fs.readFileSync(done.backup.file);
    bytes.fill(0xff, 4096, bytes.length);
    fs.writeFileSync(damaged, bytes);
    const verdict = verifyJournal({ dataDir: folder.dataDir, file: damaged });
    expect(verdict).toMatchObject({ ok: false, message: expect.stringMatching(/damaged\.sqlite is damaged: /) });
  });
});
