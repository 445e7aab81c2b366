/**
 * What sales and top-ups share: the same status machine over the same columns. Status changes are
 * compare-and-set on the old status, so two paths can never both move one row.
 */
import { statement } from './statements.ts';
import type Database from 'better-sqlite3';
import type { SaleStatus } from '../../shared/sales.ts';

export type OrderTable = 'sales' | 'topups';

/** The columns of the status machine, common to both tables. */
export type OrderState = {
  id: string;
  reference: string;
  status: SaleStatus;
  attempts: number;
  submittedAt: string | null;
  updatedAt: string;
};

export type OrderPatch = Partial<{
  partnerOrderId: string | null;
  partnerOrderCode: string | null;
  failureCode: string | null;
  failureReason: string | null;
  attempts: number;
  submittedAt: string | null;
  completedAt: string | null;
}>;

const PATCH_COLUMNS: Record<keyof OrderPatch, string> = {
  partnerOrderId: 'partner_order_id',
  partnerOrderCode: 'partner_order_code',
  failureCode: 'failure_code',
  failureReason: 'failure_reason',
  attempts: 'attempts',
  submittedAt: 'submitted_at',
  completedAt: 'completed_at',
};

export function getOrderState(db: Database.Database, table: OrderTable, id: string): OrderState | undefined {
  return statement(
    db,
    `SELECT id, reference, status, attempts, submitted_at AS submittedAt, updated_at AS updatedAt FROM ${table} WHERE id = ?`,
  ).get(id) as OrderState | undefined;
}

export function listOrderStates(db: Database.Database, table: OrderTable, statuses: readonly SaleStatus[]): OrderState[] {
  const marks = statuses.map(() => '?').join(', ');
  return statement(
    db,
    `SELECT id, reference, status, attempts, submitted_at AS submittedAt, updated_at AS updatedAt FROM ${table}
       WHERE status IN (${marks}) ORDER BY created_at`,
  ).all(...statuses) as OrderState[];
}

/** Moves a row from one of `from` to `to`; false when another path moved it first. */
export function transitionOrder(
  db: Database.Database,
  table: OrderTable,
  id: string,
  from: readonly SaleStatus[],
  to: SaleStatus,
  patch: OrderPatch,
  at: string,
): boolean {
  const sets = ['status = @to', 'updated_at = @at'];
  const params: Record<string, unknown> = { id, to, at };
  for (const [key, value] of Object.entries(patch) as Array<[keyof OrderPatch, unknown]>) {
    sets.push(`${PATCH_COLUMNS[key]} = @${key}`);
    params[key] = value;
  }
  from.forEach((status, i) => (params[`from${i}`] = status));
  const marks = from.map((_, i) => `@from${i}`).join(', ');
  return (
    statement(db, `UPDATE ${table} SET ${sets.join(', ')} WHERE id = @id AND status IN (${marks})`).run(params).changes === 1
  );
}
