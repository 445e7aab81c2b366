import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../../electron/backend/app.ts';
import { JournalDamagedError, JournalTooNewError, JournalUnreadableError } from '../../../../electron/backend/journal/open.ts';
import { KeychainUnavailableError } from '../../../../electron/shell/secrets.ts';
import { lockDataFolder } from '../../../../electron/backend/data-folder.ts';
import { errorDetails, handleStartupFailure, journalRecoveryDialog } from '../../../../electron/shell/startup-errors.ts';
import { createFakeElectron } from '../../../support/fake-electron.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function deps() {
  const fake = createFakeElectron();
  return {
    fake,
    deps: {
      app: fake.electron.app,
      dialog: fake.electron.dialog,
      shell: fake.electron.shell,
      clipboard: fake.electron.clipboard,
      platform: 'linux',
    },
  };
}

describe('the recovery dialog', () => {
  it('offers open the folder, copy the details and quit, with quit as the default and the cancel', () => {
    const error = new JournalDamagedError('/data/journal.sqlite', ['page 3: btree broken']);
    const { options, actions } = journalRecoveryDialog(error);
    expect(actions).toEqual(['open-folder', 'copy-details', 'quit']);
    expect(options.buttons).toEqual(['Open the data folder', 'Copy the error details', 'Quit']);
    expect(options.defaultId).toBe(2);
    expect(options.cancelId).toBe(2);
    expect(options.type).toBe('error');
    expect(options.message).toBe('The sales journal is damaged. Sales are stopped.');
    expect(options.detail).toContain('/data/journal.sqlite');
    expect(options.detail).toContain('will not create a new, empty journal over it');
    expect(options.detail).toMatch(/do not delete or replace the file/);
  });

  it('says what to do for a journal from a newer version and one that cannot be read', () => {
    expect(journalRecoveryDialog(new JournalTooNewError('/j', 9, 4)).options).toMatchObject({
      message: 'The sales journal is from a newer version. Sales are stopped.',
      detail: expect.stringContaining('Install the newer version'),
    });
    expect(journalRecoveryDialog(new JournalUnreadableError('/j', 'file is not a database')).options.message).toBe(
      'The sales journal cannot be read. Sales are stopped.',
    );
  });

  it('copies details that support can act on', () => {
    const text = errorDetails(new JournalDamagedError('/data/journal.sqlite', ['a', 'b']), {
      version: '1.2.3',
      platform: 'win32',
      now: new Date('2026-11-22T10:00:00Z'),
    });
    expect(text).toBe(
      [
        'eSIM Counter 1.2.3 on win32, 2026-11-22T10:00:00.000Z',
        'JournalDamagedError: The sales journal at /data/journal.sqlite is damaged: a; b. Sales are stopped. The file was left as it is: keep it and contact support.',
        'code: journal_damaged',
        'file: /data/journal.sqlite',
        'problems:\n  a\n  b',
      ].join('\n'),
    );
  });
});

describe('handling a start-up failure', () => {
  it('shows the choices again after each action until the user quits, then exits', async () => {
    const { fake, deps: d } = deps();
    fake.dialog.responses = [0, 1, 2];
    await handleStartupFailure(new JournalDamagedError('/data/journal.sqlite', ['x']), d);
    expect(fake.dialog.messageBoxes).toHaveLength(3);
    expect(fake.shell.shownInFolder).toEqual(['/data/journal.sqlite']);
    expect(fake.clipboard.text).toContain('JournalDamagedError');
    expect(fake.app.exits).toEqual([1]);
  });

  it('shows one error box for other failures, with the keychain setup message as it is', async () => {
    const { fake, deps: d } = deps();
    await handleStartupFailure(new KeychainUnavailableError('Only basic_text.', 'linux'), d);
    expect(fake.dialog.errorBoxes[0]!.content).toMatch(/GNOME Keyring/);
    expect(fake.dialog.messageBoxes).toHaveLength(0);
    expect(fake.app.exits).toEqual([1]);
  });

  it('says where the counter already runs when the data folder is in use, and nothing else', async () => {
    const { fake, deps: d } = deps();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-in-use-'));
    dirs.push(dataDir);
    const held = lockDataFolder(dataDir, 'browser');
    held.update({ url: 'http://127.0.0.1:4780' });
    try {
      const error = await createBackend({ dataDir, transport: 'electron' }).then(
        () => null,
        (e: unknown) => e,
      );
      await handleStartupFailure(error, d);
    } finally {
      held.release();
    }
    const content = fake.dialog.errorBoxes[0]!.content;
    expect(content).toMatch(/already running on this data folder .*open at http:\/\/127\.0\.0\.1:4780/);
    expect(content).not.toContain('Start the app again');
    expect(fake.app.exits).toEqual([1]);
  });

  it('leaves a damaged journal exactly as it was and creates no other journal', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-journal-'));
    dirs.push(dataDir);
    const journal = path.join(dataDir, 'journal-demo.sqlite');
    const garbage = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080, 0xab)]);
    fs.writeFileSync(journal, garbage);
    const error = await createBackend({ dataDir, transport: 'electron' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toMatch(/^Journal/);

    const { fake, deps: d } = deps();
    fake.dialog.responses = [0, 1, 2];
    await handleStartupFailure(error, d);
    expect(fake.dialog.messageBoxes).toHaveLength(3);
    expect(fs.readFileSync(journal).equals(garbage)).toBe(true);
    // Nothing else: no lock left behind.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['journal-demo.sqlite']);
  });
});
