/**
 * The journal's checkpointer, in a worker thread with a connection of its own (SQLite's advice
 * for WAL applications that must not stall): it copies the WAL into the journal file while the
 * main thread goes on taking sales, so no sale ever waits for a checkpoint, and the WAL is then
 * reused from its start, which is cheaper to fsync than a file that keeps growing.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };

const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// The checkpoint fsyncs the journal file; on macOS only this flushes the drive cache as well.
db.pragma('checkpoint_fullfsync = ON');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
