/** Rows of future_orders. Status changes are compare-and-set on the old status, as for sales. */
import type Database from 'better-sqlite3';
import type { FutureOrderStatus } from '../../../shared/orders.ts';
import { FUTURE_MACHINE, refusedMoves } from '../../../shared/order-machine.ts';
import { statement } from '../journal/statements.ts';

export type FutureOrderRow = {
  id: string;
  reference: string;
  status: FutureOrderStatus;
  packageId: string;
  quantity: number;
  customerEmail: string;
  staffId: string;
  dueAt: string;
  dueMinute: string;
  requestId: string | null;
  latestCancellationAt: string | null;
  partnerStatus: 'pending' | 'retry' | 'failed' | null;
  failureCode: string | null;
  failureReason: string | null;
  attempts: number;
  /** The sale row as paid for (JSON), written to `sales` when the service has made the order. */
  sale: string;
  saleId: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  checkedAt: string | null;
  settledAt: string | null;
};

export type FutureOrderPatch = Partial<
  Pick<
    FutureOrderRow,
    | 'requestId'
    | 'latestCancellationAt'
    | 'partnerStatus'
    | 'failureCode'
    | 'failureReason'
    | 'attempts'
    | 'saleId'
    | 'submittedAt'
    | 'checkedAt'
    | 'settledAt'
  >
>;

const OPEN = FUTURE_MACHINE.unsettled.map((status) => `'${status}'`).join(', ');

const COLUMNS: Record<keyof FutureOrderRow, string> = {
  id: 'id',
  reference: 'reference',
  status: 'status',
  packageId: 'package_id',
  quantity: 'quantity',
  customerEmail: 'customer_email',
  staffId: 'staff_id',
  dueAt: 'due_at',
  dueMinute: 'due_minute',
  requestId: 'request_id',
  latestCancellationAt: 'latest_cancellation_at',
  partnerStatus: 'partner_status',
  failureCode: 'failure_code',
  failureReason: 'failure_reason',
  attempts: 'attempts',
  sale: 'sale',
  saleId: 'sale_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  submittedAt: 'submitted_at',
  checkedAt: 'checked_at',
  settledAt: 'settled_at',
};

const KEYS = Object.keys(COLUMNS) as Array<keyof FutureOrderRow>;
const SELECT = KEYS.map((key) => `${COLUMNS[key]} AS ${key}`).join(', ');

export function insertFutureOrder(db: Database.Database, row: FutureOrderRow): void {
  statement(
    db,
    `INSERT INTO future_orders (${KEYS.map((key) => COLUMNS[key]).join(', ')}) VALUES (${KEYS.map((key) => `@${key}`).join(', ')})`,
  ).run(row);
}

export function getFutureOrder(db: Database.Database, id: string): FutureOrderRow | undefined {
  return statement(db, `SELECT ${SELECT} FROM future_orders WHERE id = ?`).get(id) as FutureOrderRow | undefined;
}

/** Rows in any of `statuses`, the earliest due first. */
export function listFutureOrdersIn(db: Database.Database, statuses: readonly FutureOrderStatus[]): FutureOrderRow[] {
  const marks = statuses.map(() => '?').join(', ');
  return statement(db, `SELECT ${SELECT} FROM future_orders WHERE status IN (${marks}) ORDER BY due_at`).all(
    ...statuses,
  ) as FutureOrderRow[];
}

/** What the counter shows: every open one, and those settled since `since`, the earliest due first. */
export function listFutureOrdersShown(db: Database.Database, since: string, limit = 300): FutureOrderRow[] {
  return statement(
    db,
    `SELECT ${SELECT} FROM future_orders
      WHERE status IN (${OPEN}) OR coalesce(settled_at, updated_at) >= ?
      ORDER BY due_at LIMIT ?`,
  ).all(since, limit) as FutureOrderRow[];
}

/** Moves a row from one of `from` to `to` with `patch`; false when another path moved it first. */
export function transitionFutureOrder(
  db: Database.Database,
  id: string,
  from: readonly FutureOrderStatus[],
  to: FutureOrderStatus,
  patch: FutureOrderPatch,
  at: string,
): boolean {
  const refused = refusedMoves(FUTURE_MACHINE, from, to);
  if (refused.length > 0) throw new Error(`future_orders: no transition from ${refused.join(', ')} to ${to}`);
  const sets = ['status = @to', 'updated_at = @at'];
  const params: Record<string, unknown> = { id, to, at };
  for (const [key, value] of Object.entries(patch) as Array<[keyof FutureOrderPatch, unknown]>) {
    sets.push(`${COLUMNS[key]} = @${key}`);
    params[key] = value;
  }
  from.forEach((status, i) => (params[`from${i}`] = status));
  const marks = from.map((_, i) => `@from${i}`).join(', ');
  return (
    statement(db, `UPDATE future_orders SET ${sets.join(', ')} WHERE id = @id AND status IN (${marks})`).run(params).changes === 1
  );
}

/** Notes what a look-up said without a change of status (the service's own status, when it looked). */
export function noteFutureOrder(db: Database.Database, id: string, patch: FutureOrderPatch, at: string): void {
  const sets = ['updated_at = @at'];
  const params: Record<string, unknown> = { id, at };
  for (const [key, value] of Object.entries(patch) as Array<[keyof FutureOrderPatch, unknown]>) {
    sets.push(`${COLUMNS[key]} = @${key}`);
    params[key] = value;
  }
  statement(db, `UPDATE future_orders SET ${sets.join(', ')} WHERE id = @id`).run(params);
}
