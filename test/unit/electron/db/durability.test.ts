import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal } from '../../../../electron/db/open.ts';
import { commitBeforeNextFullCommit, startCheckpointing } from '../../../../electron/db/durability.ts';

const journal = () => openJournal(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'durability-')), 'journal.sqlite'));

describe('startCheckpointing', () => {
  it('checkpoints on its timer and stops when asked', () => {
    vi.useFakeTimers();
    try {
      const db = journal();
      const pragma = vi.spyOn(db, 'pragma');
      const stop = startCheckpointing(db, 1000);
      vi.advanceTimersByTime(2500);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
      stop();
      vi.advanceTimersByTime(5000);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('commitBeforeNextFullCommit', () => {
  const synchronous = (db: ReturnType<typeof journal>) => db.pragma('synchronous', { simple: true });

  it('commits under NORMAL and puts FULL back for every later commit', () => {
    const db = journal();
    let during: unknown;
    commitBeforeNextFullCommit(db, () => {
      during = synchronous(db);
      db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('k', '\"v\"', '2026-11-22T00:00:00Z')").run();
    });
    expect(during).toBe(1);
    expect(synchronous(db)).toBe(2);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'k'").get()).toEqual({ value: '"v"' });
  });

  it('rolls back and still puts FULL back when the write throws', () => {
    const db = journal();
    expect(() =>
      commitBeforeNextFullCommit(db, () => {
        db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('k', '\"v\"', '2026-11-22T00:00:00Z')").run();
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(synchronous(db)).toBe(2);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'k'").get()).toBeUndefined();
  });
});
