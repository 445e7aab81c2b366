import { statement } from '../journal/statements.ts';
import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

/** prev_hash of the first row (also enforced by the audit_log_chain trigger). */
export const GENESIS_HASH = '0'.repeat(64);

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type AuditInput = {
  /** dotted, lower case: 'staff.sign_in_failed', 'sale.completed' */
  action: string;
  actorStaffId?: string | null;
  subject?: string | null;
  details?: { [key: string]: JsonValue };
  /** UTC ISO-8601; defaults to now */
  at?: string;
};

export type AuditEntry = {
  seq: number;
  id: string;
  at: string;
  actorStaffId: string | null;
  action: string;
  subject: string | null;
  details: { [key: string]: JsonValue };
  prevHash: string;
  hash: string;
};

export type ChainResult = { ok: true; count: number } | { ok: false; brokenAtSeq: number; reason: string };

const ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

// A guard against the easy mistake of passing a whole object that carries a secret.
const SECRET_KEYS = new Set([
  'pin',
  'new_pin',
  'newpin',
  'pin_hash',
  'pinhash',
  'pin_salt',
  'pinsalt',
  'password',
  'secret',
  'client_secret',
  'clientsecret',
  'token',
  'access_token',
  'accesstoken',
  'lpa',
  'matching_id',
  'matchingid',
  'qrcode',
  'activation_code',
  'activationcode',
]);

type Row = {
  seq: number;
  id: string;
  at: string;
  actor_staff_id: string | null;
  action: string;
  subject: string | null;
  details: string;
  prev_hash: string;
  hash: string;
};

/**
 * Appends one entry, continuing the chain. Inside a caller's transaction it becomes a savepoint,
 * so a sale row and its audit entry commit or roll back together.
 */
export function appendAudit(db: Database.Database, input: AuditInput): AuditEntry {
  if (!ACTION_PATTERN.test(input.action) || input.action.length > 64) {
    throw new TypeError(`Audit action must look like 'domain.verb', got ${JSON.stringify(input.action)}`);
  }
  // The hash is taken over the text as SQLite will hand it back: a lone surrogate is stored as
  // U+FFFD, so hashing it as it came would leave an entry that never verifies again.
  const details = wellFormed(input.details ?? {});
  assertNoSecrets(details, 'details');
  const at = wellFormed(input.at ?? new Date().toISOString());
  const appended = db.transaction((): AuditEntry => {
    const last = statement(db, 'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    const entry: Omit<AuditEntry, 'hash'> = {
      seq: (last?.seq ?? 0) + 1,
      id: randomUUID(),
      at,
      actorStaffId: wellFormed(input.actorStaffId ?? null),
      action: input.action,
      subject: wellFormed(input.subject ?? null),
      details,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const hash = entryHash(entry);
    statement(
      db,
      `INSERT INTO audit_log (seq, id, at, actor_staff_id, action, subject, details, prev_hash, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.seq,
      entry.id,
      entry.at,
      entry.actorStaffId,
      entry.action,
      entry.subject,
      canonicalJson(details),
      entry.prevHash,
      hash,
    );
    return { ...entry, hash };
  })();
  committedListeners.get(db)?.();
  return appended;
}

const committedListeners = new WeakMap<Database.Database, () => void>();

/**
 * Called after each append; inside a caller's transaction (db.inTransaction) the entry is not
 * committed yet, and the listener must wait for it to be.
 */
export function onAuditCommitted(db: Database.Database, listener: () => void): void {
  committedListeners.set(db, listener);
}

/** A position in the chain: an entry's seq and hash. Seq 0 with GENESIS_HASH is before the first entry. */
export type ChainPoint = { seq: number; hash: string };

export type VerifyHooks = {
  /** Called for each entry whose hash is recomputed: lets a test see that a check reads only what it must. */
  onHashed?: (seq: number) => void;
};

export type ChainFromResult = { ok: true; count: number; head: ChainPoint } | { ok: false; brokenAtSeq: number; reason: string };

/** Recomputes every hash in order; the first row that does not match is where tampering starts. */
export function verifyChain(db: Database.Database, hooks: VerifyHooks = {}): ChainResult {
  const result = verifyChainFrom(db, null, hooks);
  return result.ok ? { ok: true, count: result.count } : result;
}

/**
 * Checks the chain from a point verified before to the head. The point's own row is rehashed and
 * must still carry the hash it had, so entries deleted or rewritten back to it are found; rows
 * before it are not read again (verifyChain does that).
 */
export function verifyChainFrom(db: Database.Database, from: ChainPoint | null, hooks: VerifyHooks = {}): ChainFromResult {
  let prev: ChainPoint = { seq: 0, hash: GENESIS_HASH };
  if (from && from.seq > 0) {
    const problem = verifiedPointProblem(db, from, hooks);
    if (problem) return problem;
    prev = from;
  }
  let count = 0;
  const rows = statement(db, 'SELECT * FROM audit_log WHERE seq > ? ORDER BY seq').iterate(prev.seq) as IterableIterator<Row>;
  for (const row of rows) {
    const expectedSeq = prev.seq + 1;
    if (row.seq !== expectedSeq) return { ok: false, brokenAtSeq: expectedSeq, reason: `entry ${expectedSeq} is missing` };
    if (row.prev_hash !== prev.hash)
      return { ok: false, brokenAtSeq: row.seq, reason: 'prev_hash does not match the entry before' };
    const problem = rehash(row, hooks);
    if (problem) return { ok: false, brokenAtSeq: row.seq, reason: problem };
    prev = { seq: row.seq, hash: row.hash };
    count++;
  }
  return { ok: true, count, head: prev };
}

/** A point verified before must still be in the chain as it was: entries deleted or rewritten back to it are found here. */
export function verifiedPointProblem(
  db: Database.Database,
  point: ChainPoint,
  hooks: VerifyHooks = {},
): { ok: false; brokenAtSeq: number; reason: string } | null {
  if (point.seq === 0) return null;
  const state = entryState(db, point, hooks);
  if (state === 'missing')
    return { ok: false, brokenAtSeq: point.seq, reason: `entry ${point.seq}, verified before, is missing` };
  if (state === 'changed')
    return { ok: false, brokenAtSeq: point.seq, reason: `entry ${point.seq} has changed since it was verified` };
  return null;
}

/**
 * Whether the entry at a point is still there, still carries that hash, and its content still
 * hashes to it: one row's check, for a point recorded elsewhere (a close, the last verified start).
 */
export function entryState(db: Database.Database, point: ChainPoint, hooks: VerifyHooks = {}): 'intact' | 'missing' | 'changed' {
  const row = statement(db, 'SELECT * FROM audit_log WHERE seq = ?').get(point.seq) as Row | undefined;
  if (!row) return 'missing';
  if (row.hash !== point.hash) return 'changed';
  return rehash(row, hooks) === null ? 'intact' : 'changed';
}

/** The newest entry, or null while the log is empty. */
export function auditHead(db: Database.Database): ChainPoint | null {
  return (statement(db, 'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as ChainPoint | undefined) ?? null;
}

/** Newest first, for the manager's review. A subject also finds a sale's or top-up's entries by its reference. */
export function listAudit(
  db: Database.Database,
  options: { limit?: number; beforeSeq?: number; subject?: string; actionPrefix?: string; actorStaffId?: string } = {},
): AuditEntry[] {
  const limit = Math.min(Math.max(1, options.limit ?? 100), 1000);
  const rows = statement(
    db,
    `SELECT * FROM audit_log
       WHERE (@before IS NULL OR seq < @before)
         AND (@subject IS NULL OR subject = @subject OR json_extract(details, '$.reference') = @subject)
         AND (@prefix IS NULL OR substr(action, 1, length(@prefix)) = @prefix) AND (@actor IS NULL OR actor_staff_id = @actor)
       ORDER BY seq DESC LIMIT @limit`,
  ).all({
    before: options.beforeSeq ?? null,
    subject: options.subject ?? null,
    prefix: options.actionPrefix ?? null,
    actor: options.actorStaffId ?? null,
    limit,
  }) as Row[];
  return rows.map(fromRow);
}

/** JSON with object keys sorted at every depth, so the same row always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  throw new TypeError(`Canonical JSON cannot hold a ${typeof value}`);
}

function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const row = {
    seq: entry.seq,
    id: entry.id,
    at: entry.at,
    actor_staff_id: entry.actorStaffId,
    action: entry.action,
    subject: entry.subject,
    details: entry.details,
  };
  return createHash('sha256').update(entry.prevHash).update(canonicalJson(row)).digest('hex');
}

/** Null when the row's content hashes to its stored hash; otherwise what is wrong with it. */
function rehash(row: Row, hooks: VerifyHooks): string | null {
  hooks.onHashed?.(row.seq);
  let entry: AuditEntry;
  try {
    entry = fromRow(row);
  } catch {
    return 'details are not valid JSON';
  }
  return entryHash(entry) === row.hash ? null : 'hash does not match the entry';
}

function fromRow(row: Row): AuditEntry {
  return {
    seq: row.seq,
    id: row.id,
    at: row.at,
    actorStaffId: row.actor_staff_id,
    action: row.action,
    subject: row.subject,
    details: JSON.parse(row.details) as { [key: string]: JsonValue },
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Every string (and key) with its lone surrogates replaced by U+FFFD, as SQLite stores them. */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)])) as T;
  }
  return value;
}

function assertNoSecrets(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertNoSecrets(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(k.toLowerCase())) throw new TypeError(`Audit ${path}.${k} looks like a secret and must not be logged`);
      assertNoSecrets(v, `${path}.${k}`);
    }
  }
}
