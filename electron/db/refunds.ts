import { statement } from './statements.ts';
import type Database from 'better-sqlite3';
import type { RefundView } from '../../shared/manager.ts';

export type RefundRequestRow = {
  readonly id: string;
  readonly partnerId: string | null;
  readonly iccids: readonly string[];
  readonly reason: string;
  readonly notes: string | null;
  readonly email: string | null;
  readonly status: RefundView['status'];
  readonly refusal: string | null;
  readonly requestedBy: string;
  readonly at: string;
};

export function insertRefundRequest(db: Database.Database, row: RefundRequestRow): void {
  statement(
    db,
    `INSERT INTO refund_requests (id, partner_id, iccids, reason, notes, email, status, refusal, requested_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.partnerId,
    JSON.stringify(row.iccids),
    row.reason,
    row.notes,
    row.email,
    row.status,
    row.refusal,
    row.requestedBy,
    row.at,
    row.at,
  );
}

/** The latest 200 requests, newest first, each with the name of who asked (their id if they are gone). */
export function listRefundRequests(db: Database.Database): RefundView[] {
  const rows = statement(
    db,
    `SELECT r.*, coalesce(s.name, r.requested_by) AS by_name FROM refund_requests r LEFT JOIN staff s ON s.id = r.requested_by ORDER BY r.created_at DESC LIMIT 200`,
  ).all() as {
    id: string;
    partner_id: string | null;
    iccids: string;
    reason: string;
    notes: string | null;
    status: 'requested' | 'refused';
    refusal: string | null;
    by_name: string;
    created_at: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    partnerId: r.partner_id,
    iccids: JSON.parse(r.iccids) as string[],
    reason: r.reason,
    notes: r.notes,
    status: r.status,
    refusal: r.refusal,
    requestedBy: r.by_name,
    createdAt: r.created_at,
  }));
}
