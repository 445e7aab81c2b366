/**
 * The real `npm run admin` command in a process of its own, once for every command, and
 * runAdmin in this process where a terminal has to be played.
 */
import fs from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../electron/backend/app.ts';
import { runAdmin } from '../../../../electron/cli/admin.ts';
import Database from 'better-sqlite3';
import { appendAudit, listAudit } from '../../../../electron/backend/audit/db.ts';
import { listBackups } from '../../../../electron/backend/journal/backup.ts';
import { openJournal } from '../../../../electron/backend/journal/open.ts';
import { createStaffService } from '../../../../electron/backend/staff/service.ts';
import { lockOut, ownedDataFolder, runAdminCli, type OwnedFolder } from '../../../support/admin.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
let folder: OwnedFolder;

beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => {
  await ts.close();
});
beforeEach(async () => {
  folder = await ownedDataFolder();
});
afterEach(() => fs.rmSync(folder.dataDir, { recursive: true, force: true }));

const me = os.userInfo().username;
/** One sentence on one line: no stack trace, no second paragraph. */
const oneLine = (text: string) => {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
};

/** What someone with the file and sqlite3 can do: drop the append-only triggers, then change what they like. */
function tamper(sql: string): void {
  const raw = new Database(folder.journal);
  raw.exec(
    'DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete; DROP TRIGGER IF EXISTS audit_log_chain;',
  );
  raw.exec(sql);
  raw.close();
}

function withJournal<T>(use: (db: ReturnType<typeof openJournal>) => T): T {
  const db = openJournal(folder.journal);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

describe('npm run admin, in a process of its own', () => {
  it('unlock: clears a lock and leaves an audit entry naming the computer user', async () => {
    await lockOut(folder.journal, folder.clerkId);
    const run = await runAdminCli(['unlock', '--data-dir', folder.dataDir, '--staff', 'chris clerk']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Chris Clerk was locked and is unlocked in the Partner sandbox journal/);
    withJournal((db) => {
      expect(listAudit(db, { actionPrefix: 'admin.unlocked' })[0]).toMatchObject({
        actorStaffId: null,
        subject: folder.clerkId,
        details: { via: 'command_line', user: me, wasLocked: true },
      });
    });
  });

  it('reset-pin: a wrong code is refused in one sentence and counted; the right one sets the PIN', async () => {
    // A wrong code is entered in the log, at the seq the cut entry had: that is found as well.
    const wrong = await runAdminCli([
      'reset-pin',
      '--data-dir',
      folder.dataDir,
      '--staff',
      'Olga Owner',
      '--recovery-code',
      'AAAAA-BBBBB-CCCCC-DDDDD',
      '--new-pin',
      '7351',
    ]);
    expect(wrong.code).toBe(1);
    oneLine(wrong.stderr);
    expect(wrong.stderr).toMatch(/^The recovery code is wrong; after 4 more wrong tries/);

    const right = await runAdminCli([
      'reset-pin',
      '--data-dir',
      folder.dataDir,
      '--environment',
      'Partner-Sandbox',
      '--staff',
      'Olga Owner',
      '--recovery-code',
      folder.recoveryCode,
      '--new-pin',
      '7351',
    ]);
    expect(right).toMatchObject({ code: 0, stderr: '' });
    const db = openJournal(folder.journal);
    try {
      expect(listAudit(db, { actionPrefix: 'admin.' }).map((e) => e.action)).toEqual([
        'admin.pin_reset',
        'admin.pin_reset_refused',
      ]);
      expect((await createStaffService(db).authenticate(folder.ownerId, '7351')).ok).toBe(true);
    } finally {
      db.close();
    }
  });

  it('reset-pin: refuses to ask for the PIN without a terminal, with the usage line', async () => {
    const run = await runAdminCli(['reset-pin', '--data-dir', folder.dataDir, '--staff', 'Olga Owner', '--recovery-code', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^reset-pin asks for the new PIN at a terminal; without one, give it with --new-pin\.\nUsage: npm run admin -- reset-pin /,
    );
  });

  it('backup, verify and restore: a backup by hand, its verdict, and putting it back', async () => {
    const backup = await runAdminCli(['backup', '--data-dir', folder.dataDir]);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    const [made] = listBackups(folder.dataDir, 'partner_sandbox');
    expect(backup.stdout).toContain(made!.file);

    const verify = await runAdminCli(['verify', '--data-dir', folder.dataDir, '--file', made!.file]);
    expect(verify).toMatchObject({ code: 0, stderr: '' });
    expect(verify.stdout).toMatch(
      /is healthy: integrity_check found nothing wrong, and the audit log's chain of \d+ entries is intact/,
    );
    fs.writeFileSync(`${folder.dataDir}/not-a-journal.sqlite`, 'hello');
    const bad = await runAdminCli(['verify', '--data-dir', folder.dataDir, '--file', `${folder.dataDir}/not-a-journal.sqlite`]);
    expect(bad.code).toBe(1);
    oneLine(bad.stderr);

    const restore = await runAdminCli(['restore', '--data-dir', folder.dataDir, '--environment', 'partner_sandbox']);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(
      /^Restored the Partner sandbox journal .* from .*-manual\.sqlite; the journal it replaced is kept as .*\.replaced-/,
    );
    withJournal((db) => {
      const actions = listAudit(db, { actionPrefix: 'admin.' }).map((e) => e.action);
      // The restored journal is the backup's: it has the restore, but not the backup's own entry made after it.
      expect(actions).toEqual(['admin.restored']);
    });
    expect(fs.readdirSync(folder.dataDir).some((name) => name.startsWith('journal-partner-sandbox.sqlite.replaced-'))).toBe(true);
    // The anchor named the replaced journal's head (the backup's entry); it moved to the restored one's.
    expect(await runAdminCli(['verify', '--data-dir', folder.dataDir])).toMatchObject({ code: 0, stderr: '' });
  });

  it('verify: finds entries cut from the end as the app does, and reanchor lets it vouch again until the next cut', async () => {
    const args = ['--data-dir', folder.dataDir];
    const pin = ['reset-pin', ...args, '--staff', 'Olga Owner', '--recovery-code', folder.recoveryCode, '--new-pin', '7351'];
    expect(await runAdminCli(pin)).toMatchObject({ code: 0, stderr: '' });
    const reset = withJournal((db) => listAudit(db, { limit: 1 })[0]!);
    expect(reset.action).toBe('admin.pin_reset');

    // The PIN reset's entry is the last one; cut it, and point the journal's own "verified" mark before it.
    tamper(`DELETE FROM audit_log WHERE seq >= ${reset.seq}; DELETE FROM settings WHERE key LIKE 'audit.%'`);
    const cut = await runAdminCli(['verify', ...args]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toBe('');
    expect(cut.stderr).toContain(
      `the audit log was altered at entry ${reset.seq}: entry ${reset.seq}, the last the anchor outside the journal recorded, is missing: entries were deleted from the end of the log`,
    );

    // A wrong code is entered in the log, at the seq the cut entry had: that is found as well.
    const wrong = await runAdminCli(['reanchor', ...args, '--recovery-code', 'AAAAA-BBBBB-CCCCC-DDDDD']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^The recovery code is wrong/);
    const reanchor = await runAdminCli(['reanchor', ...args, '--recovery-code', folder.recoveryCode]);
    expect(reanchor).toMatchObject({ code: 0, stderr: '' });
    expect(reanchor.stdout).toMatch(
      new RegExp(`is re-anchored at entry \\d+: the break at entry ${reset.seq} \\(entry ${reset.seq} is not the one the anchor`),
    );
    const entry = withJournal((db) => listAudit(db, { actionPrefix: 'audit.reanchored' })[0]!);
    expect(entry.details).toMatchObject({ via: 'command_line', user: me, brokenAtSeq: reset.seq });
    expect(await runAdminCli(['verify', ...args])).toMatchObject({ code: 0, stderr: '' });

    // Later tampering is found again: an edit after the re-anchoring, then a cut of its own entry.
    withJournal((db) => appendAudit(db, { action: 'sale.completed', details: { total: 1 } }));
    tamper(`UPDATE audit_log SET details = '{"total":9}' WHERE action = 'sale.completed'`);
    const edited = await runAdminCli(['verify', ...args]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain(`altered at entry ${entry.seq + 1}: hash does not match the entry`);
    tamper(`DELETE FROM audit_log WHERE seq >= ${entry.seq}; DELETE FROM settings WHERE key LIKE 'audit.%'`);
    const gone = await runAdminCli(['verify', ...args]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`entry ${entry.seq}, the last the anchor outside the journal recorded, is missing`);
  });

  it('refuses while the app has the folder open, saying which process, in one sentence', async () => {
    const backend: Backend = await createBackend({
      dataDir: folder.dataDir,
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
      const run = await runAdminCli(['unlock', '--data-dir', folder.dataDir, '--staff', 'Chris Clerk']);
      expect(run.code).toBe(1);
      oneLine(run.stderr);
      expect(run.stderr).toMatch(
        new RegExp(`^eSIM Counter is already running on this data folder \\(process ${process.pid} on `),
      );
      expect(run.stderr).toMatch(/; stop it first, then run unlock again\.\n$/);
    } finally {
      await backend.close();
    }
  });

  it('answers bad usage with exit 2 and the usage line', async () => {
    const run = await runAdminCli(['unlock', '--data-dir', folder.dataDir]);
    expect(run).toMatchObject({ code: 2 });
    expect(run.stderr).toBe(
      'unlock needs --staff.\nUsage: npm run admin -- unlock --staff "<name>" [--data-dir <dir>] [--environment demo|partner_sandbox|production]\n',
    );
    expect((await runAdminCli(['restore', '--data-dir', folder.dataDir])).code).toBe(2);
    expect((await runAdminCli(['backup', '--environment', 'moon'])).stderr).toMatch(/^"moon" is not an environment/);
  });
});

describe('reset-pin at a terminal', () => {
  function terminal(typed: string[]) {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let said = '';
    let asked = '';
    stdout.on('data', (c: Buffer) => (said += c.toString()));
    // Each answer once its question is on the screen.
    stderr.on('data', (c: Buffer) => {
      asked += c.toString();
      if (/: $/.test(c.toString())) stdin.write(`${typed.shift() ?? ''}\r`);
    });
    return { io: { stdin, stdout, stderr }, said: () => said, asked: () => asked };
  }
  const args = () => ['reset-pin', '--data-dir', folder.dataDir, '--staff', 'Olga Owner', '--recovery-code', folder.recoveryCode];

  it('asks twice without showing the PIN, and sets it', async () => {
    const t = terminal(['7351', '7351']);
    expect(await runAdmin(args(), t.io)).toBe(0);
    expect(t.asked()).toBe('New PIN (4 to 8 digits): \nThe same PIN again: \n');
    expect(t.said()).toMatch(/^Olga Owner has a new PIN/);
  });

  it('changes nothing when the two differ or the PIN is too easy', async () => {
    const differ = terminal(['7351', '7352']);
    expect(await runAdmin(args(), differ.io)).toBe(1);
    expect(differ.asked()).toMatch(/The two PINs differ; nothing was changed\.\n$/);
    const easy = terminal(['1234']);
    expect(await runAdmin(args(), easy.io)).toBe(1);
    expect(easy.asked()).toMatch(/That PIN is too easy to guess/);
    withJournal((db) => expect(listAudit(db, { actionPrefix: 'admin.' })).toEqual([]));
  });
});
