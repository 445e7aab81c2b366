import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal } from '../../../../../electron/backend/journal/open.ts';
import {
  commitBeforeNextFullCommit,
  defaultWorkerFile,
  startCheckpointing,
} from '../../../../../electron/backend/journal/durability.ts';

const journal = () => openJournal(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'durability-')), 'journal.sqlite'));

describe('startCheckpointing', () => {
  const fill = (db: ReturnType<typeof journal>, rows: number) => {
    const insert = db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run(`k${i}`, JSON.stringify('x'.repeat(500)), '2026-11-22T00:00:00Z');
    })();
  };

  it('copies the WAL into the journal file from a worker thread, without the main thread asking', async () => {
    const db = journal();
    const log = vi.fn();
    const checkpoints = startCheckpointing(db, { intervalMs: 50, log });
    expect(checkpoints.mode()).toBe('worker');
    const pragma = vi.spyOn(db, 'pragma');
    const before = fs.statSync(db.name).size;
    fill(db, 2000);
    // Only the WAL grows at commit; the journal file grows when a checkpoint copies pages into it.
    await vi.waitFor(() => expect(fs.statSync(db.name).size).toBeGreaterThan(before + 500_000), { timeout: 30_000 });
    expect(pragma.mock.calls.filter(([sql]) => String(sql).startsWith('wal_checkpoint'))).toEqual([]);
    await checkpoints.stop();
    expect(log).not.toHaveBeenCalled();
    db.close();
  });

  it('falls back to a timer on the main thread, and says so, when the worker is missing', () => {
    vi.useFakeTimers();
    try {
      const db = journal();
      const log = vi.fn();
      const pragma = vi.spyOn(db, 'pragma');
      const checkpoints = startCheckpointing(db, { workerFile: '/nonexistent/worker.js', fallbackIntervalMs: 1000, log });
      expect(checkpoints.mode()).toBe('main_thread');
      expect(log).toHaveBeenCalledWith(expect.stringContaining('main thread'), undefined);
      vi.advanceTimersByTime(2500);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
      void checkpoints.stop();
      vi.advanceTimersByTime(5000);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts no fallback timer when the worker fails while being stopped', async () => {
    const db = journal();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'worker-')), 'faulty-worker.mjs');
    fs.writeFileSync(
      file,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { throw new Error('boom'); });\n",
    );
    const log = vi.fn();
    const pragma = vi.spyOn(db, 'pragma');
    const checkpoints = startCheckpointing(db, { workerFile: file, fallbackIntervalMs: 10, log });
    await checkpoints.stop();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toEqual([]);
    expect(log).not.toHaveBeenCalledWith(expect.stringContaining('main thread'), expect.anything());
    db.close();
  });

  it('finds its worker beside the module, as source or as the desktop bundle', () => {
    expect(defaultWorkerFile('file:///app/electron/backend/journal/durability.ts')).toBe(
      '/app/electron/backend/journal/checkpoint-worker.ts',
    );
    expect(defaultWorkerFile('file:///app/dist/electron/main.js')).toBe('/app/dist/electron/checkpoint-worker.cjs');
    expect(fs.existsSync(defaultWorkerFile())).toBe(true);
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

describe('commitBeforeNextFullCommit, again and again', () => {
  it('puts FULL back after every one of many commits in a row', () => {
    const db = journal();
    for (let i = 0; i < 5; i++) {
      commitBeforeNextFullCommit(db, () =>
        db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(`k${i}`, '"v"', '2026-11-22T00:00:00Z'),
      );
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
    }
  });

  it('closes the journal rather than let it run on NORMAL when FULL cannot be set back', () => {
    const db = journal();
    const real = db.pragma.bind(db);
    vi.spyOn(db, 'pragma').mockImplementation(((source: string, options?: { simple?: boolean }) =>
      source === 'synchronous' ? 1 : real(source, options)) as typeof db.pragma);
    expect(() => commitBeforeNextFullCommit(db, () => undefined)).toThrow(/synchronous=FULL/);
    expect(db.open).toBe(false);
  });
});
