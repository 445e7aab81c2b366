import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal } from '../../../../electron/db/open.ts';
import { commitBeforeDurableStep, startCheckpointing } from '../../../../electron/db/durability.ts';

const journal = () => openJournal(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'durability-')), 'journal.sqlite'));

describe('commitBeforeDurableStep', () => {
  it('commits the work and puts synchronous back to FULL', () => {
    const db = journal();
    commitBeforeDurableStep(db, () =>
      db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('a.b', '1', 'now')").run(),
    );
    expect(db.prepare("SELECT value FROM settings WHERE key = 'a.b'").get()).toEqual({ value: '1' });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('rolls the work back when it throws, and still puts synchronous back to FULL', () => {
    const db = journal();
    expect(() =>
      commitBeforeDurableStep(db, () => {
        db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('a.c', '1', 'now')").run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare("SELECT count(*) AS n FROM settings WHERE key = 'a.c'").get()).toEqual({ n: 0 });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });
});

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
