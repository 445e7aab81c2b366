import { describe, expect, it } from 'vitest';
import { integrityProblems, openJournalInMemory } from '../../../../../electron/backend/journal/open.ts';
import Database from 'better-sqlite3';
import { latestVersion, loadMigrations, migrate } from '../../../../../electron/backend/journal/migrate.ts';

// File-backed behaviour (WAL, damaged and foreign files) is in test/integration/electron/backend/journal.
describe('openJournalInMemory', () => {
  it('sets and keeps the durability pragmas that apply in memory', () => {
    const db = openJournalInMemory();
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory');
  });

  it('is migrated to the latest version and healthy', () => {
    const db = openJournalInMemory();
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(loadMigrations()));
    expect(integrityProblems(db)).toEqual([]);
  });

  it('has the schema the migrations make, each journal its own though they start from one image', () => {
    const schema = (db: ReturnType<typeof openJournalInMemory>) =>
      db.prepare('SELECT type, name, sql FROM sqlite_schema ORDER BY type, name').all();
    const replayed = new Database(':memory:');
    migrate(replayed, loadMigrations());
    const first = openJournalInMemory();
    const second = openJournalInMemory();
    expect(schema(first)).toEqual(schema(replayed));
    expect(schema(second)).toEqual(schema(replayed));

    first.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('store.name', '\"One\"', 'x')").run();
    expect(first.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 1 });
    expect(second.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
    expect(openJournalInMemory().prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
  });

  it('integrityProblems reports rows that point nowhere', () => {
    const db = openJournalInMemory();
    db.pragma('foreign_keys = OFF');
    db.prepare(
      "INSERT INTO esims (id, sale_id, iccid, created_at, updated_at) VALUES ('e', 'gone', '8944500102198304826', 'x', 'x')",
    ).run();
    expect(integrityProblems(db)).toEqual([expect.stringContaining('esims row 1 points to a missing sales row')]);
  });
});
