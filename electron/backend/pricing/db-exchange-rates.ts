/** The partner's exchange rates as the counter fetched them, by day: prices are explained by them. */
import type Database from 'better-sqlite3';
import type { ExchangeRate } from '../../../shared/pricing.ts';
import { statement } from '../journal/statements.ts';

export type StoredRate = ExchangeRate & { readonly fetchedAt: string };

export function putRates(
  db: Database.Database,
  date: string,
  rates: readonly { from: string; to: string; mid: string }[],
  fetchedAt: string,
): void {
  const put = statement(
    db,
    `INSERT INTO exchange_rates (rate_date, from_currency, to_currency, mid, fetched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET mid = excluded.mid, fetched_at = excluded.fetched_at`,
  );
  db.transaction(() => {
    for (const rate of rates) put.run(date, rate.from, rate.to, rate.mid, fetchedAt);
  })();
}

const COLUMNS = 'rate_date AS date, from_currency AS "from", to_currency AS "to", mid, fetched_at AS fetchedAt';

/** The newest rate from one currency into another, or null when none was ever fetched. */
export function latestRate(db: Database.Database, from: string, to: string): StoredRate | null {
  return (
    (statement(
      db,
      `SELECT ${COLUMNS} FROM exchange_rates WHERE from_currency = ? AND to_currency = ? ORDER BY rate_date DESC LIMIT 1`,
    ).get(from, to) as StoredRate | undefined) ?? null
  );
}

/** The last `limit` days' rates into `to`, newest first: what the manager sees. */
export function recentRates(db: Database.Database, to: string, limit: number): StoredRate[] {
  return statement(db, `SELECT ${COLUMNS} FROM exchange_rates WHERE to_currency = ? ORDER BY rate_date DESC LIMIT ?`).all(
    to,
    limit,
  ) as StoredRate[];
}
