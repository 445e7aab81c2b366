/** Rows of group_orders: which sales go to the service as asynchronous orders, and their look-ups. */
import type Database from 'better-sqlite3';
import { statement } from '../journal/statements.ts';

export type GroupOrderRow = {
  saleId: string;
  requestId: string | null;
  acceptedAt: string | null;
  checks: number;
  lastCheckedAt: string | null;
  failedSeen: number;
  updatedAt: string;
};

const COLUMNS = `sale_id AS saleId, request_id AS requestId, accepted_at AS acceptedAt, checks,
  last_checked_at AS lastCheckedAt, failed_seen AS failedSeen, updated_at AS updatedAt`;

export function insertGroupOrder(db: Database.Database, saleId: string, at: string): void {
  statement(db, 'INSERT INTO group_orders (sale_id, updated_at) VALUES (?, ?)').run(saleId, at);
}

export function getGroupOrder(db: Database.Database, saleId: string): GroupOrderRow | undefined {
  return statement(db, `SELECT ${COLUMNS} FROM group_orders WHERE sale_id = ?`).get(saleId) as GroupOrderRow | undefined;
}

/** A new attempt goes out: what the last one's look-ups counted starts again. */
export function startGroupAttempt(db: Database.Database, saleId: string, at: string): void {
  statement(
    db,
    `UPDATE group_orders SET request_id = NULL, accepted_at = NULL, checks = 0, last_checked_at = NULL, updated_at = ?
      WHERE sale_id = ?`,
  ).run(at, saleId);
}

export function recordGroupAccepted(db: Database.Database, saleId: string, requestId: string, acceptedAt: string, at: string) {
  statement(db, 'UPDATE group_orders SET request_id = ?, accepted_at = ?, updated_at = ? WHERE sale_id = ?').run(
    requestId,
    acceptedAt,
    at,
    saleId,
  );
}

export function recordGroupCheck(db: Database.Database, saleId: string, at: string): void {
  statement(db, 'UPDATE group_orders SET checks = checks + 1, last_checked_at = ?, updated_at = ? WHERE sale_id = ?').run(
    at,
    at,
    saleId,
  );
}

export function setGroupFailedSeen(db: Database.Database, saleId: string, count: number, at: string): void {
  statement(db, 'UPDATE group_orders SET failed_seen = ?, updated_at = ? WHERE sale_id = ?').run(count, at, saleId);
}
