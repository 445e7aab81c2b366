/**
 * The usage cache: the last reading of each eSIM and the earliest moment the service may be asked
 * again. It lives in the journal so that a restart cannot lead to an early (refused) read.
 */
import { statement } from '../journal/statements.ts';
import type { Journal } from '../journal/open.ts';

export type UsageCacheRow = {
  readonly iccid: string;
  /** The service's usage data as JSON, or null when the service refused before we ever had a reading. */
  readonly payload: string | null;
  /** When the service was last asked (with or without a reading). */
  readonly fetchedAt: string;
  readonly nextAllowedAt: string;
  readonly updatedAt: string;
};

type Raw = { iccid: string; payload: string; fetched_at: string; next_allowed_at: string; updated_at: string };

// payload is NOT NULL in the table; the JSON literal null stands for "no reading yet".
const NO_READING = 'null';

export function getUsageCache(db: Journal, iccid: string): UsageCacheRow | null {
  const raw = statement(db, 'SELECT * FROM usage_cache WHERE iccid = ?').get(iccid) as Raw | undefined;
  if (!raw) return null;
  return {
    iccid: raw.iccid,
    payload: raw.payload === NO_READING ? null : raw.payload,
    fetchedAt: raw.fetched_at,
    nextAllowedAt: raw.next_allowed_at,
    updatedAt: raw.updated_at,
  };
}

/** Inserts or replaces the row of one eSIM. */
export function putUsageCache(db: Journal, row: UsageCacheRow): void {
  statement(
    db,
    `INSERT INTO usage_cache (iccid, payload, fetched_at, next_allowed_at, updated_at)
     VALUES (@iccid, @payload, @fetchedAt, @nextAllowedAt, @updatedAt)
     ON CONFLICT (iccid) DO UPDATE SET payload = excluded.payload, fetched_at = excluded.fetched_at,
       next_allowed_at = excluded.next_allowed_at, updated_at = excluded.updated_at`,
  ).run({ ...row, payload: row.payload ?? NO_READING });
}

/** Moves only the wait (after a 429), keeping the last reading. */
export function setUsageNextAllowed(db: Journal, iccid: string, nextAllowedAt: string, updatedAt: string): void {
  statement(db, 'UPDATE usage_cache SET next_allowed_at = ?, updated_at = ? WHERE iccid = ?').run(
    nextAllowedAt,
    updatedAt,
    iccid,
  );
}
