import { MIGRATION_FILES } from '../../../../../electron/backend/journal/migrations/index.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, verifyChain } from '../../../../../electron/backend/audit/db.ts';
import {
  integrityProblems,
  JournalDamagedError,
  JournalTooNewError,
  JournalUnreadableError,
  openJournal,
} from '../../../../../electron/backend/journal/open.ts';
import { getStaff } from '../../../../../electron/backend/staff/db.ts';
import { createStaffService, MIN_SCRYPT_N } from '../../../../../electron/backend/staff/service.ts';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
  path = join(dir, 'journal.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

function fillAndClose(): void {
  const db = openJournal(path);
  const insert = db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
  for (let i = 0; i < 300; i++) insert.run(`k${i}`, JSON.stringify('x'.repeat(100)), '2026-11-22T10:00:00.000Z');
  db.close();
}

function rootPageOf(table: string): number {
  const ro = new Database(path, { readonly: true });
  const { rootpage } = ro.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table) as { rootpage: number };
  ro.close();
  return rootpage;
}

describe('openJournal on a file', () => {
  it('creates the journal with WAL, synchronous FULL, foreign keys and a busy timeout, every time it opens', () => {
    for (let i = 0; i < 2; i++) {
      const db = openJournal(path);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      db.close();
    }
  });

  it('keeps committed rows and a valid chain across a reopen', () => {
    const db = openJournal(path);
    appendAudit(db, { action: 'test.one' });
    appendAudit(db, { action: 'test.two' });
    db.close();
    const again = openJournal(path);
    expect(verifyChain(again)).toEqual({ ok: true, count: 2 });
    expect(integrityProblems(again)).toEqual([]);
    again.close();
  });

  it('creates missing parent folders', () => {
    const nested = join(dir, 'a', 'b', 'journal.db');
    openJournal(nested).close();
    expect(existsSync(nested)).toBe(true);
  });

  it('refuses a file that is not a database and leaves it byte-identical', () => {
    writeFileSync(path, 'These are my notes, not a database. '.repeat(200));
    const before = sha(path);
    expect(() => openJournal(path)).toThrow(JournalUnreadableError);
    expect(() => openJournal(path)).toThrow(/file is not a database/);
    expect(sha(path)).toBe(before);
  });

  it("refuses a damaged journal with the check's words and leaves it byte-identical", () => {
    fillAndClose();
    const buf = readFileSync(path);
    const offset = (rootPageOf('settings') - 1) * 4096;
    buf.fill(0xa5, offset, offset + 64);
    writeFileSync(path, buf);
    const before = sha(path);
    let error: unknown;
    try {
      openJournal(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JournalDamagedError);
    const damaged = error as JournalDamagedError;
    expect(damaged.code).toBe('journal_damaged');
    expect(damaged.problems.join(' ')).toMatch(/malformed|corrupt|btree|page/i);
    expect(damaged.message).toContain('Sales are stopped');
    expect(sha(path)).toBe(before);
    // A second attempt must still refuse, not find a fresh empty journal in its place.
    expect(() => openJournal(path)).toThrow(JournalDamagedError);
    expect(sha(path)).toBe(before);
  });

  it('refuses damage that quick_check reports in words, and passes those words on', () => {
    fillAndClose();
    const buf = readFileSync(path);
    // The settings table's root (an interior page, 300 rows) sends its last child to page 1, the
    // schema's own: the file opens, and quick_check names what is wrong. (Not the freelist count
    // in the header: SQLite skips the freelist check when the schema's first entry is a view.)
    const root = (rootPageOf('settings') - 1) * 4096;
    expect(buf[root]).toBe(0x05);
    buf.writeUInt32BE(1, root + 8);
    writeFileSync(path, buf);
    const before = sha(path);
    expect(() => openJournal(path)).toThrow(JournalDamagedError);
    expect(() => openJournal(path)).toThrow(/2nd reference to page 1/);
    expect(sha(path)).toBe(before);
  });

  it('refuses a journal from a newer app version and leaves it byte-identical', () => {
    openJournal(path).close();
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    const before = sha(path);
    expect(() => openJournal(path)).toThrow(JournalTooNewError);
    expect(() => openJournal(path)).toThrow(`schema 99; this version knows up to ${MIGRATION_FILES.length}`);
    expect(sha(path)).toBe(before);
  });

  it("refuses another program's SQLite database", () => {
    const other = new Database(path);
    other.exec('CREATE TABLE contacts (name TEXT)');
    other.close();
    const before = sha(path);
    expect(() => openJournal(path)).toThrow(/not an eSIM Counter journal/);
    expect(sha(path)).toBe(before);
  });

  it('refuses to start over when the file is gone but its write-ahead log is not', () => {
    writeFileSync(`${path}-wal`, Buffer.alloc(4096, 1));
    expect(() => openJournal(path)).toThrow(/missing but its write-ahead log/);
    expect(existsSync(path)).toBe(false);
  });
});

describe('staff lockout on a file', () => {
  it('survives closing and reopening the journal, until a manager unlocks', async () => {
    const params = { scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 } };
    let db = openJournal(path);
    let staff = createStaffService(db, params);
    const m = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
    const c = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, m.ok ? m.value.id : '');
    if (!m.ok || !c.ok) throw new Error('setup');
    for (let i = 0; i < 5; i++) await staff.authenticate(c.value.id, '0000');
    db.close();

    db = openJournal(path);
    staff = createStaffService(db, params);
    expect(getStaff(db, c.value.id)).toMatchObject({ failedAttempts: 5, lockedAt: expect.any(String) });
    expect(await staff.authenticate(c.value.id, '1357')).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(staff.unlock(c.value.id, m.value.id).ok).toBe(true);
    db.close();

    db = openJournal(path);
    staff = createStaffService(db, params);
    expect((await staff.authenticate(c.value.id, '1357')).ok).toBe(true);
    expect(verifyChain(db)).toMatchObject({ ok: true });
    db.close();
  });
});
