/**
 * Two durability tools for the journal.
 *
 * Checkpoints (copying the WAL into the database file, with an fsync of its own) run apart from
 * the sales: in a worker thread with its own connection when the journal is a file, else on a
 * timer in idle time; never inside whichever sale's commit happens to cross the WAL size
 * threshold. Every commit is synchronous=FULL, as the journal's design asks of money, but for a
 * sale's intent, whose fsync is the next commit's (see commitBeforeNextFullCommit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

export type CheckpointOptions = {
  /** How often the worker checkpoints (default 1 s: each run then copies little). */
  readonly intervalMs?: number;
  /** How often the fallback timer on the main thread checkpoints (default 15 s, in idle time). */
  readonly fallbackIntervalMs?: number;
  /** The worker's script; null runs the fallback timer only. Defaults to the one beside this module. */
  readonly workerFile?: string | null;
  readonly log?: (message: string, error?: unknown) => void;
};

/**
 * Source runs beside checkpoint-worker.ts; the desktop bundle has checkpoint-worker.cjs beside
 * main.js (CommonJS, which Electron's worker threads load from inside app.asar).
 */
export function defaultWorkerFile(moduleUrl: string = import.meta.url): string {
  const here = fileURLToPath(moduleUrl);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'checkpoint-worker.ts' : 'checkpoint-worker.cjs');
}

/**
 * Starts checkpointing; the returned function stops it (and the worker's connection). The
 * automatic checkpoint stays as a safety net for a day the checkpointer cannot keep up with.
 */
export type Checkpointing = {
  /** Where checkpoints run now: a worker falls back to the main thread if it fails. */
  mode(): 'worker' | 'main_thread';
  stop(): Promise<void>;
};

export function startCheckpointing(db: Database.Database, options: CheckpointOptions = {}): Checkpointing {
  db.pragma('wal_autocheckpoint = 8000');
  const log = options.log;
  let stopTimer: (() => void) | null = null;
  let stopping = false;
  const fallBack = (reason: string, error?: unknown) => {
    if (stopping || stopTimer || !db.open) return;
    log?.(`journal checkpoints run on the main thread: ${reason}`, error);
    stopTimer = startTimer(db, options.fallbackIntervalMs ?? 15_000, log);
  };

  const workerFile = options.workerFile === undefined ? defaultWorkerFile() : options.workerFile;
  if (db.memory || workerFile === null || !fs.existsSync(workerFile)) {
    fallBack(workerFile === null || db.memory ? 'no worker asked for' : `${workerFile} is missing`);
    return { mode: () => 'main_thread', stop: async () => stopTimer?.() };
  }
  const worker = new Worker(workerFile, { workerData: { file: db.name, intervalMs: options.intervalMs ?? 1000 } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) log?.('journal checkpoint failed', message.failed);
  });
  worker.on('error', (error) => fallBack('the checkpoint worker failed', error));
  worker.on('exit', () => {
    if (!stopping) fallBack('the checkpoint worker stopped');
  });
  return {
    mode: () => (stopTimer ? 'main_thread' : 'worker'),
    async stop() {
      stopping = true;
      stopTimer?.();
      // Keeps the process alive until the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

function startTimer(db: Database.Database, intervalMs: number, log?: CheckpointOptions['log']): () => void {
  const timer = setInterval(() => {
    try {
      if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      log?.('journal checkpoint failed', error);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

const unsynced = new WeakSet<Database.Database>();

/**
 * Whether the write under way commits without an fsync (commitBeforeNextFullCommit): nothing
 * outside the journal (the audit anchor) may name it before a FULL commit has made it durable.
 */
export function committingUnsynced(db: Database.Database): boolean {
  return unsynced.has(db);
}

/**
 * Commits `fn` without an fsync of its own (synchronous=NORMAL for this one commit). Only for a
 * write that nothing outside the process acts on before the next synchronous=FULL commit, which
 * fsyncs the whole WAL and so makes this one durable too: a sale's intent, whose `submitting`
 * commit is FULL and comes before any byte of the order is sent. Lost power in between loses a
 * row that was never sent and never shown as saved. Saves one fsync on every sale.
 */
export function commitBeforeNextFullCommit<T>(db: Database.Database, fn: () => T): T {
  // db.pragma prepares afresh each time: a cached PRAGMA statement applies its setting when
  // prepared, not on its first run, so reusing one could leave the connection at NORMAL.
  db.pragma('synchronous = NORMAL');
  unsynced.add(db);
  try {
    return db.transaction(fn)();
  } finally {
    unsynced.delete(db);
    // Synchronous JavaScript: no other commit of this connection can run while NORMAL is set.
    restoreFullSync(db);
  }
}

/** Back to FULL, read back; if that fails, the journal is closed so that no sale runs on NORMAL. */
function restoreFullSync(db: Database.Database): void {
  let restored: boolean;
  try {
    db.pragma('synchronous = FULL');
    restored = db.pragma('synchronous', { simple: true }) === 2;
  } catch {
    restored = false;
  }
  if (!restored) {
    db.close();
    throw new Error('The sales journal could not be set back to synchronous=FULL, so it was closed. Sales are stopped.');
  }
}
