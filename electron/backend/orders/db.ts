/**
 * What sales and top-ups share: the same status machine over the same columns. Status changes are
 * compare-and-set on the old status, so two paths can never both move one row.
 */
import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';
import type { Money } from '../../../shared/money.ts';
import { convert } from '../../../shared/pricing.ts';
import { ORDER_FAILURE_CODES, type OrderFailureCode, type SaleStatus } from '../../../shared/sales.ts';
import { refusedMoves, SALE_MACHINE } from '../../../shared/order-machine.ts';
import { BUSINESS_REFUSALS } from '../partner/refusals.ts';

export type OrderTable = 'sales' | 'topups';

/** The columns of the status machine, common to both tables. */
export type OrderState = {
  id: string;
  reference: string;
  status: SaleStatus;
  attempts: number;
  /** As stored: read it through readFailureCode. */
  failureCode: string | null;
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
  /** What the partner charged per eSIM; kept only when it is in the currency the row's cost is in. */
  unitCost: Money;
}>;

const PATCH_COLUMNS: Record<Exclude<keyof OrderPatch, 'unitCost'>, string> = {
  partnerOrderId: 'partner_order_id',
  partnerOrderCode: 'partner_order_code',
  failureCode: 'failure_code',
  failureReason: 'failure_reason',
  attempts: 'attempts',
  submittedAt: 'submitted_at',
  completedAt: 'completed_at',
};

const COST_COLUMN: Record<OrderTable, string> = { sales: 'unit_cost_minor', topups: 'cost_minor' };
const LOCAL_COST_COLUMN: Record<OrderTable, string> = { sales: 'unit_cost_local_minor', topups: 'cost_local_minor' };

const STATE_COLUMNS =
  'id, reference, status, attempts, failure_code AS failureCode, submitted_at AS submittedAt, updated_at AS updatedAt';

export const RATE_LIMITED: OrderFailureCode = 'rate_limited';

/**
 * A 429 keeps the moment the service named next to its code, `rate_limited@<ISO>`: the failure
 * detail already on both tables, where a new column would need a migration numbered after others
 * still in flight. Nothing reads failure_code but through readFailureCode.
 */
export function rateLimitedCode(untilIso: string): string {
  return `${RATE_LIMITED}@${untilIso}`;
}

export function readFailureCode(raw: string | null): { code: OrderFailureCode | null; retryAfter: string | null } {
  if (raw === null || !raw.startsWith(`${RATE_LIMITED}@`))
    return { code: raw === null ? null : failureCodeOf(raw), retryAfter: null };
  const until = raw.slice(RATE_LIMITED.length + 1);
  return { code: RATE_LIMITED, retryAfter: Number.isNaN(Date.parse(until)) ? null : until };
}

/** Spellings rows written before the closed vocabulary may hold, by what they meant ("partner_34": a business code). */
const LEGACY_CODES: Readonly<Record<string, OrderFailureCode>> = {
  out_of_stock: 'sold_out',
  network_before_send: 'unreachable',
  auth: 'refused_credentials',
};

/** A stored code as the vocabulary's: old spellings by meaning, anything unknown as a refusal. */
function failureCodeOf(raw: string): OrderFailureCode {
  if ((ORDER_FAILURE_CODES as readonly string[]).includes(raw)) return raw as OrderFailureCode;
  const business = /^partner_(\d+)$/.exec(raw)?.[1];
  if (business !== undefined) return (BUSINESS_REFUSALS as Readonly<Record<string, OrderFailureCode>>)[business] ?? 'rejected';
  return LEGACY_CODES[raw] ?? 'rejected';
}

export function getOrderState(db: Database.Database, table: OrderTable, id: string): OrderState | undefined {
  return statement(db, `SELECT ${STATE_COLUMNS} FROM ${table} WHERE id = ?`).get(id) as OrderState | undefined;
}

export function listOrderStates(db: Database.Database, table: OrderTable, statuses: readonly SaleStatus[]): OrderState[] {
  const marks = statuses.map(() => '?').join(', ');
  return statement(
    db,
    `SELECT ${STATE_COLUMNS} FROM ${table}
       WHERE status IN (${marks}) ORDER BY created_at`,
  ).all(...statuses) as OrderState[];
}

/**
 * What `unitCost` is in the row's retail currency at the row's own rate: the same amount in one
 * currency, null without a rate, undefined when the charge is not in the row's cost currency.
 */
function localCostOf(db: Database.Database, table: OrderTable, id: string, unitCost: Money): number | null | undefined {
  const row = statement(
    db,
    `SELECT net_currency AS net, retail_currency AS retail, fx_rate AS mid, fx_date AS date FROM ${table} WHERE id = ?`,
  ).get(id) as { net: string; retail: string; mid: string | null; date: string | null } | undefined;
  if (!row || row.net !== unitCost.currency) return undefined;
  if (row.net === row.retail) return unitCost.minor;
  if (row.mid === null) return null;
  return convert(unitCost, { from: row.net, to: row.retail, mid: row.mid, date: row.date ?? '' }).minor;
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
  const refused = refusedMoves(SALE_MACHINE, from, to);
  if (refused.length > 0) throw new Error(`${table}: no transition from ${refused.join(', ')} to ${to}`);
  const sets = ['status = @to', 'updated_at = @at'];
  const params: Record<string, unknown> = { id, to, at };
  const { unitCost, ...columns } = patch;
  for (const [key, value] of Object.entries(columns) as Array<[keyof typeof PATCH_COLUMNS, unknown]>) {
    sets.push(`${PATCH_COLUMNS[key]} = @${key}`);
    params[key] = value;
  }
  if (unitCost) {
    // A charge in another currency than the row's cost is not comparable: the row keeps what it had.
    const column = COST_COLUMN[table];
    sets.push(`${column} = CASE WHEN net_currency = @costCurrency THEN @unitCost ELSE ${column} END`);
    params.unitCost = unitCost.minor;
    params.costCurrency = unitCost.currency;
    // The cost in the store's currency follows, at the rate the row was priced at.
    const local = localCostOf(db, table, id, unitCost);
    if (local !== undefined) {
      sets.push(`${LOCAL_COST_COLUMN[table]} = @unitCostLocal`);
      params.unitCostLocal = local;
    }
  }
  from.forEach((status, i) => (params[`from${i}`] = status));
  const marks = from.map((_, i) => `@from${i}`).join(', ');
  return (
    statement(db, `UPDATE ${table} SET ${sets.join(', ')} WHERE id = @id AND status IN (${marks})`).run(params).changes === 1
  );
}
