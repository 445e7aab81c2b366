/**
 * The audit chain's head, kept outside the journal: `journal-<environment>.audit-anchor.json` beside
 * the journal it anchors. Someone who can edit the journal can delete its last entries and leave a
 * chain that checks out, and edit any point the journal keeps about itself; the anchor is where
 * such a cut shows, as the entry it names is no longer there.
 *
 * It is written after the journal's commit, never before, so it can only lag: entries after it are
 * the ones a crash kept it from naming, and they chain from it. It is written atomically (a synced
 * temporary file renamed over it), so a crash leaves the old anchor or the new one, whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { auditHead, entryState, onAuditCommitted, type ChainPoint } from './db.ts';
import { reanchorPoint } from './db-check.ts';
import { committingUnsynced } from '../journal/durability.ts';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const AnchorFile = z.object({ version: z.literal(1), journal: z.string(), seq: z.number().int().min(0), hash });

export type AnchorRead = { state: 'none' } | { state: 'unreadable'; problem: string } | { state: 'read'; head: ChainPoint };

/** The anchor's file for a journal file: its name without `.sqlite`, then `.audit-anchor.json`. */
export function anchorFileOf(journalFile: string): string {
  return `${journalFile.replace(/\.sqlite$/, '')}.audit-anchor.json`;
}

export function readAnchor(file: string): AnchorRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    return { state: 'unreadable', problem: (error as Error).message };
  }
  try {
    const parsed = AnchorFile.parse(JSON.parse(text));
    return { state: 'read', head: { seq: parsed.seq, hash: parsed.hash } };
  } catch {
    return { state: 'unreadable', problem: 'it is not an anchor this app wrote' };
  }
}

export function writeAnchor(file: string, head: ChainPoint): void {
  const body = `${JSON.stringify({ version: 1, journal: path.basename(file).replace(/\.audit-anchor\.json$/, '.sqlite'), ...head })}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeFileSync(fd, body);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  // The folder is not synced after the rename: a rename lost to a power cut leaves the anchor
  // before, which only lags; the file's own sync is what keeps a half-written one from being read.
  fs.renameSync(temp, file);
}

type Attached = { file: string; written: ChainPoint | null; held: boolean; pending: boolean; onError: (error: unknown) => void };
const attached = new WeakMap<Database.Database, Attached>();

/**
 * Keeps the anchor of `journalFile` at the head of `db`'s chain from now on: after each audited
 * change's commit (at once outside a transaction, else once the caller's transaction is over).
 */
export function attachAuditAnchor(db: Database.Database, journalFile: string, onError: (error: unknown) => void): void {
  const entry: Attached = { file: anchorFileOf(journalFile), written: null, held: false, pending: false, onError };
  attached.set(db, entry);
  onAuditCommitted(db, () => {
    // An entry committed without an fsync (a sale's intent) could be lost to a power cut while an
    // anchor naming it survived, which would read as a cut: the next audited FULL commit moves it.
    if (entry.pending || committingUnsynced(db)) return;
    entry.pending = true;
    if (db.inTransaction) queueMicrotask(() => flush(db, entry));
    else flush(db, entry);
  });
}

/** The anchor kept for `db` as it is on disk; none when no anchor is attached (a journal in memory). */
export function anchorReadOf(db: Database.Database): AnchorRead {
  const entry = attached.get(db);
  return entry ? readAnchor(entry.file) : { state: 'none' };
}

/**
 * While a break is known the anchor stays where it is, naming the last head it saw whole: a cut it
 * found is found again at every start, whatever is done to the journal meanwhile. Only a
 * re-anchoring with the owner's recovery code (or a restore) moves it on.
 */
export function holdAnchor(db: Database.Database, held: boolean): void {
  const entry = attached.get(db);
  if (entry) entry.held = held;
}

/** Writes the anchor at the journal's head now (a start's catching up, a re-anchoring, a restore). */
export function anchorAtHead(db: Database.Database): void {
  const entry = attached.get(db);
  if (!entry) return;
  entry.pending = true;
  flush(db, entry, true);
}

function stillThere(db: Database.Database, entry: Attached): boolean {
  let named = entry.written;
  if (!named) {
    const read = readAnchor(entry.file);
    if (read.state === 'unreadable') return false;
    if (read.state === 'none') return true;
    named = read.head;
  }
  if (named.seq === 0 || entryState(db, named) === 'intact') return true;
  // Before a re-anchoring, the entry it named no longer counts (read only then: it is rare).
  return named.seq < (reanchorPoint(db)?.seq ?? 0);
}

function flush(db: Database.Database, entry: Attached, force = false): void {
  // Still inside a transaction opened by hand: its commit is not made yet.
  if (db.open && db.inTransaction) {
    setImmediate(() => flush(db, entry, force));
    return;
  }
  entry.pending = false;
  if (!db.open || (entry.held && !force)) return;
  try {
    // Moved on only from an entry still there as it named it: a process that appends without
    // checking first (a command at the machine) must not carry the anchor over a cut.
    const head = auditHead(db) ?? null;
    if (!head || (entry.written?.seq === head.seq && entry.written.hash === head.hash)) return;
    if (!force && !stillThere(db, entry)) {
      entry.held = true;
      return;
    }
    writeAnchor(entry.file, head);
    entry.written = head;
  } catch (error) {
    // The journal's commit stands; the anchor only lags, which the next write or start makes good.
    entry.onError(error);
  }
}
