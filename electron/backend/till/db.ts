/**
 * Rows of till_sessions and close_tenders (migration 0017): a day's opening float, written once at
 * the day's first sign-in, and what a close counted for the tenders other than cash; and of
 * close_cash_counts (0019): the cash a close counted by notes and coins.
 */
import type Database from 'better-sqlite3';
import type { CashCount } from '../../../shared/denominations.ts';
import type { Amounts } from '../../../shared/reports.ts';
import type { TenderCount, TillSession } from '../../../shared/till.ts';
import { statement } from '../journal/statements.ts';

type SessionRow = {
  local_date: string;
  float_minor: number;
  currency: string;
  source: 'entered' | 'carried';
  opened_at: string;
  opened_by_name: string | null;
  opened_by: string;
};

export function getTillSession(db: Database.Database, date: string): TillSession | null {
  const row = statement(
    db,
    `SELECT t.*, s.name AS opened_by_name FROM till_sessions t LEFT JOIN staff s ON s.id = t.opened_by WHERE t.local_date = ?`,
  ).get(date) as SessionRow | undefined;
  return row
    ? {
        date: row.local_date,
        float: { minor: row.float_minor, currency: row.currency },
        source: row.source,
        openedAt: row.opened_at,
        openedByName: row.opened_by_name ?? row.opened_by,
      }
    : null;
}

/** Writes the day's session unless one exists; true when this call wrote it. */
export function insertTillSession(
  db: Database.Database,
  session: Omit<TillSession, 'openedByName'> & { readonly openedBy: string },
): boolean {
  const result = statement(
    db,
    `INSERT INTO till_sessions (local_date, float_minor, currency, source, opened_by, opened_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (local_date) DO NOTHING`,
  ).run(
    session.date,
    session.float.minor,
    session.float.currency,
    session.source,
    session.openedBy,
    session.openedAt,
    session.openedAt,
  );
  return result.changes === 1;
}

export type CloseTenders = { readonly float: Amounts; readonly tenders: readonly TenderCount[] };

export function insertCloseTenders(db: Database.Database, closeId: string, tenders: CloseTenders, at: string): void {
  statement(db, 'INSERT INTO close_tenders (close_id, float, tenders, updated_at) VALUES (?, ?, ?, ?)').run(
    closeId,
    JSON.stringify(tenders.float),
    JSON.stringify(tenders.tenders),
    at,
  );
}

/** A close's float and tenders; a close made before they were kept has none. */
export function closeTenders(db: Database.Database, closeId: string): CloseTenders {
  const row = statement(db, 'SELECT float, tenders FROM close_tenders WHERE close_id = ?').get(closeId) as
    { float: string; tenders: string } | undefined;
  return row
    ? { float: JSON.parse(row.float) as Amounts, tenders: JSON.parse(row.tenders) as TenderCount[] }
    : { float: [], tenders: [] };
}

export function insertCloseCashCounts(db: Database.Database, closeId: string, counts: readonly CashCount[], at: string): void {
  const insert = statement(db, 'INSERT INTO close_cash_counts (close_id, currency, counts, updated_at) VALUES (?, ?, ?, ?)');
  for (const c of counts) {
    insert.run(closeId, c.currency, JSON.stringify(c.counts.map(({ value, count }) => ({ value, count }))), at);
  }
}

/** A close's cash counted by notes and coins; none when it was counted as a total. */
export function closeCashCounts(db: Database.Database, closeId: string): CashCount[] {
  const rows = statement(db, 'SELECT currency, counts FROM close_cash_counts WHERE close_id = ? ORDER BY currency').all(
    closeId,
  ) as {
    currency: string;
    counts: string;
  }[];
  return rows.map((r) => ({ currency: r.currency, counts: JSON.parse(r.counts) as CashCount['counts'] }));
}
