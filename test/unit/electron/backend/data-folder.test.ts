import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertJournalNotLost,
  DataFolderError,
  journalPath,
  JournalMissingError,
  liveHolder,
  lockDataFolder,
  readCounterConfig,
  recordJournal,
  secureDataFolder,
  upgradeLegacyJournal,
  writeCounterConfig,
} from '../../../../electron/backend/data-folder.ts';
import { openJournal } from '../../../../electron/backend/journal/open.ts';
import { setSetting, defineSetting } from '../../../../electron/backend/settings/db.ts';
import { z } from 'zod';

const posix = process.platform !== 'win32';
const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-folder-'));
  folders.push(dir);
  return dir;
};
const mode = (file: string) => fs.statSync(file).mode & 0o777;
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('owner-only files', () => {
  it.runIf(posix)('creates the folder 0700 and tightens a loose folder and its files at start', () => {
    const dir = path.join(folder(), 'data');
    secureDataFolder(dir);
    expect(mode(dir)).toBe(0o700);

    fs.chmodSync(dir, 0o755);
    for (const name of ['journal-demo.sqlite', 'journal-demo.sqlite-wal', 'secrets.json', 'counter.json', 'notes.txt'])
      fs.writeFileSync(path.join(dir, name), 'x', { mode: 0o644 });
    fs.mkdirSync(path.join(dir, 'backups', 'demo'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'backups', 'demo', 'one.sqlite'), 'x', { mode: 0o644 });
    secureDataFolder(dir);
    expect(mode(dir)).toBe(0o700);
    for (const name of ['journal-demo.sqlite', 'journal-demo.sqlite-wal', 'secrets.json', 'counter.json'])
      expect(mode(path.join(dir, name)), name).toBe(0o600);
    expect(mode(path.join(dir, 'backups', 'demo'))).toBe(0o700);
    expect(mode(path.join(dir, 'backups', 'demo', 'one.sqlite'))).toBe(0o600);
    // Not ours: left alone.
    expect(mode(path.join(dir, 'notes.txt'))).toBe(0o644);
  });
});

describe('one process per data folder', () => {
  it('refuses a second lock while the first is held, and frees it on release', () => {
    const dir = folder();
    const first = lockDataFolder(dir, 'browser');
    first.update({ url: 'http://127.0.0.1:4780' });
    // The same process counts too: two backends in one process would be two writers.
    expect(() => lockDataFolder(dir, 'browser')).toThrow(DataFolderError);
    expect(() => lockDataFolder(dir, 'browser')).toThrow(
      /already running on this data folder.*open at http:\/\/127\.0\.0\.1:4780/,
    );
    expect(liveHolder(dir)).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:4780' });
    first.release();
    expect(liveHolder(dir)).toBeNull();
    lockDataFolder(dir, 'browser').release();
  });

  it('takes over the lock of a process that is gone, and respects one that is alive', async () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(
      path.join(dir, 'counter.lock'),
      JSON.stringify({ pid: Number(gone), hostname: os.hostname(), transport: 'browser', startedAt: '2026-01-01T00:00:00Z' }),
    );
    expect(liveHolder(dir)).toBeNull();
    const taken = lockDataFolder(dir, 'browser');
    taken.release();

    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(
        path.join(dir, 'counter.lock'),
        JSON.stringify({ pid: alive.pid, hostname: os.hostname(), transport: 'electron', startedAt: '2026-01-01T00:00:00Z' }),
      );
      expect(() => lockDataFolder(dir, 'browser')).toThrow(/process \d+ .*\(the desktop app\)/);
    } finally {
      alive.kill();
    }
  });
});

describe('counter.json', () => {
  it('is Demo when absent, and a file that cannot be read is refused and left as it was', () => {
    const dir = folder();
    expect(readCounterConfig(dir)).toEqual({ version: 1, environment: 'demo', accounts: {}, journals: {} });
    fs.writeFileSync(path.join(dir, 'counter.json'), '{"version":1,"environment":"live"');
    expect(() => readCounterConfig(dir)).toThrow(/cannot be read\. It was left as it is/);
    expect(fs.readFileSync(path.join(dir, 'counter.json'), 'utf8')).toBe('{"version":1,"environment":"live"');
  });
});

describe('a journal this folder held', () => {
  it('is refused when missing or empty, by the record in counter.json or by its backups', () => {
    const dir = folder();
    assertJournalNotLost(dir, 'production', readCounterConfig(dir)); // a new folder: nothing to miss

    recordJournal(dir, 'production');
    expect(() => assertJournalNotLost(dir, 'production', readCounterConfig(dir))).toThrow(JournalMissingError);
    fs.writeFileSync(journalPath(dir, 'production'), '');
    expect(() => assertJournalNotLost(dir, 'production', readCounterConfig(dir))).toThrow(
      /Production sales journal .* is missing or empty.*npm run admin -- restore/,
    );

    const other = folder();
    fs.mkdirSync(path.join(other, 'backups', 'partner_sandbox'), { recursive: true });
    fs.writeFileSync(path.join(other, 'backups', 'partner_sandbox', 'journal-partner_sandbox-1.sqlite'), 'x');
    expect(() => assertJournalNotLost(other, 'partner_sandbox', readCounterConfig(other))).toThrow(/holds backups of it/);
  });
});

describe('the journal of earlier versions', () => {
  it('becomes the Demo journal with all it held, and its chosen environment carries over to counter.json', () => {
    const running = folder();
    const legacy = openJournal(path.join(running, 'journal.sqlite'));
    legacy.pragma('wal_autocheckpoint = 0');
    setSetting(legacy, defineSetting('partner.environment', z.string(), 'demo'), 'production');
    setSetting(legacy, defineSetting('partner.clientId', z.string().nullable(), null), 'harbour-live');
    setSetting(legacy, defineSetting('marker.kept', z.string(), ''), 'yes');
    // The files as a crash leaves them: the last commits only in the WAL.
    const dir = folder();
    for (const side of ['', '-wal'])
      fs.copyFileSync(path.join(running, `journal.sqlite${side}`), path.join(dir, `journal.sqlite${side}`));
    legacy.close();
    expect(fs.statSync(path.join(dir, 'journal.sqlite-wal')).size).toBeGreaterThan(0);
    const logs: string[] = [];

    expect(upgradeLegacyJournal(dir, (m) => logs.push(m))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'journal.sqlite'))).toBe(false);
    const demo = new Database(journalPath(dir, 'demo'), { readonly: true });
    expect(demo.prepare("SELECT value FROM settings WHERE key = 'marker.kept'").get()).toEqual({ value: '"yes"' });
    demo.close();
    const config = readCounterConfig(dir);
    expect(config.environment).toBe('production');
    expect(config.accounts.production).toEqual({ clientId: 'harbour-live' });
    expect(config.journals.demo?.from).toBe('journal.sqlite');
    expect(logs.join('\n')).toContain('is now the Demo journal');
    // Done once: a second start finds nothing to upgrade.
    expect(upgradeLegacyJournal(dir, () => undefined)).toBe(false);
  });

  it('is left alone when a Demo journal exists already', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'journal.sqlite'), 'old');
    fs.writeFileSync(journalPath(dir, 'demo'), 'new');
    writeCounterConfig(dir, { version: 1, environment: 'demo', accounts: {}, journals: {} });
    expect(upgradeLegacyJournal(dir, () => undefined)).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'journal.sqlite'), 'utf8')).toBe('old');
    expect(fs.readFileSync(journalPath(dir, 'demo'), 'utf8')).toBe('new');
  });
});
