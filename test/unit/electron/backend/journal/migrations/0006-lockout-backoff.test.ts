import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';
import { openJournalInMemory } from '../../../../../../electron/backend/journal/open.ts';

// Landed migrations are never edited: a change to the file's bytes fails here. Add 0007 instead.
const SHA256 = 'e0afe4c433160a83ab8be3fb2d87eefb4745e968cd3ae41c8c91b17d5723d200';

const insertStaff = (db: Database.Database, id: string, failedAttempts: number, lockedAt: string | null) =>
  db
    .prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, failed_attempts, locked_at, created_at, updated_at)
       VALUES (?, ?, 'clerk', 'x', 'x', ?, ?, 'n', 'n')`,
    )
    .run(id, id, failedAttempts, lockedAt);

const lockState = (db: Database.Database, id: string) =>
  db
    .prepare(
      `SELECT failed_attempts, locked_at, locked_until, lock_count, approval_failures, approval_locked_until, approval_lock_count,
              approver_failures, approver_locked_until, approver_lock_count FROM staff WHERE id = ?`,
    )
    .get(id);

describe('migration 0006: timed lockouts that double, and approval throttles', () => {
  it('is the landed file, byte for byte', () => {
    const bytes = readFileSync(
      new URL('../../../../../../electron/backend/journal/migrations/0006-lockout-backoff.sql', import.meta.url),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(SHA256);
  });

  it('turns a permanent lock into the first timed one, 15 minutes from when it began, and leaves the others unlocked', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 5));
    insertStaff(db, 'locked', 5, '2026-11-22T23:50:00.123Z');
    insertStaff(db, 'counting', 3, null);
    insertStaff(db, 'unreadable', 5, 'last Tuesday');
    migrate(db, migrations);
    expect(lockState(db, 'locked')).toEqual({
      failed_attempts: 5,
      locked_at: '2026-11-22T23:50:00.123Z',
      locked_until: '2026-11-23T00:05:00.123Z',
      lock_count: 1,
      approval_failures: 0,
      approval_locked_until: null,
      approval_lock_count: 0,
      approver_failures: 0,
      approver_locked_until: null,
      approver_lock_count: 0,
    });
    expect(lockState(db, 'counting')).toMatchObject({ failed_attempts: 3, locked_at: null, locked_until: null, lock_count: 0 });
    // A lock time that cannot be read still ends up locked, for 15 minutes from the upgrade.
    const upgraded = lockState(db, 'unreadable') as { locked_until: string; lock_count: number };
    expect(upgraded.lock_count).toBe(1);
    expect(upgraded.locked_until).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(upgraded.locked_until) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('refuses negative counts', () => {
    const db = openJournalInMemory();
    insertStaff(db, 'c', 0, null);
    for (const column of ['lock_count', 'approval_failures', 'approval_lock_count', 'approver_failures', 'approver_lock_count']) {
      expect(() => db.prepare(`UPDATE staff SET ${column} = -1`).run(), column).toThrow(/CHECK/);
    }
    db.prepare(`UPDATE staff SET lock_count = 3, approval_failures = 4, approver_lock_count = 2`).run();
    expect(lockState(db, 'c')).toMatchObject({ lock_count: 3, approval_failures: 4, approver_lock_count: 2 });
  });
});
