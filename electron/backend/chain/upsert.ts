/**
 * How each kind of outbox row lands at the head office: its table, its columns and their types,
 * and the one upsert per table and batch. A batch's rows of one table go as one JSON parameter
 * unpacked by jsonb_to_recordset, so a batch costs a statement per table, not one per row. The
 * upsert replaces a row only with a newer copy (a higher outbox seq), which is what makes a
 * batch sent twice harmless.
 */
import type { OutboxKind } from './db-outbox.ts';

type Column = readonly [name: string, type: string];

const KEY: readonly Column[] = [
  ['store_id', 'text'],
  ['counter_id', 'text'],
  ['id', 'text'],
  ['environment', 'text'],
  ['version', 'bigint'],
];

const ORDER: readonly Column[] = [
  ['kind', 'text'],
  ['reference', 'text'],
  ['status', 'text'],
  ['package_id', 'text'],
  ['package_title', 'text'],
  ['country_code', 'text'],
  ['quantity', 'integer'],
  ['esims', 'integer'],
  ['unit_price_minor', 'bigint'],
  ['total_minor', 'bigint'],
  ['currency', 'text'],
  ['tax_minor', 'bigint'],
  ['cost_minor', 'bigint'],
  ['cost_currency', 'text'],
  ['cost_local_minor', 'bigint'],
  ['payment_method', 'text'],
  ['staff_id', 'text'],
  ['partner_order_code', 'text'],
  ['failure_code', 'text'],
  ['iccid', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['completed_at', 'timestamptz'],
  ['local_date', 'date'],
];

export type TableSpec = { readonly table: string; readonly columns: readonly Column[] };

const spec = (table: string, columns: readonly Column[]): TableSpec => ({ table, columns: [...KEY, ...columns] });

const orders = spec('orders', ORDER);

export const TABLES: Record<OutboxKind, TableSpec> = {
  sale: orders,
  topup: orders,
  staff: spec('staff', [
    ['name', 'text'],
    ['role', 'text'],
    ['active', 'boolean'],
    ['language', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ]),
  close: spec('closes', [
    ['local_date', 'date'],
    ['sequence', 'integer'],
    ['time_zone', 'text'],
    ['closed_at', 'timestamptz'],
    ['closed_by', 'text'],
    ['expected', 'jsonb'],
    ['counted_cash', 'jsonb'],
    ['cash_difference', 'jsonb'],
    ['note', 'text'],
    ['report', 'jsonb'],
    ['reconciliation', 'jsonb'],
    ['audit_head_seq', 'bigint'],
    ['audit_head_hash', 'text'],
    // Journal migration 0020 / head office 0004: what the close counted beside the cash total.
    ['float', 'jsonb'],
    ['tenders', 'jsonb'],
    ['cash_counts', 'jsonb'],
  ]),
  refund: spec('refunds', [
    ['partner_id', 'text'],
    ['iccids', 'jsonb'],
    ['reason', 'text'],
    ['notes', 'text'],
    ['status', 'text'],
    ['refusal', 'text'],
    ['requested_by', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
    // Journal migration 0020 / head office 0004: each eSIM's answer from the service so far.
    ['esims', 'jsonb'],
  ]),
  void: spec('voids', [
    ['voided_at', 'timestamptz'],
    ['voided_by', 'text'],
    ['reason', 'text'],
  ]),
  audit: spec('audit', [
    ['seq', 'bigint'],
    ['at', 'timestamptz'],
    ['actor_staff_id', 'text'],
    ['action', 'text'],
    ['subject', 'text'],
    ['details', 'jsonb'],
    ['prev_hash', 'text'],
    ['hash', 'text'],
  ]),
};

const sqlCache = new Map<string, string>();

/** INSERT … SELECT FROM jsonb_to_recordset($1) ON CONFLICT (store, counter, id) DO UPDATE … WHERE newer. */
export function upsertSql(spec: TableSpec): string {
  const cached = sqlCache.get(spec.table);
  if (cached) return cached;
  const names = spec.columns.map(([name]) => name);
  const record = spec.columns.map(([name, type]) => `${name} ${type}`).join(', ');
  const updates = names
    .filter((n) => !['store_id', 'counter_id', 'id'].includes(n))
    .map((n) => `${n} = excluded.${n}`)
    .concat('shipped_at = now()')
    .join(', ');
  const sql =
    `INSERT INTO chain.${spec.table} AS t (${names.join(', ')}) ` +
    `SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${record}) ` +
    `ON CONFLICT (store_id, counter_id, id) DO UPDATE SET ${updates} WHERE t.version < excluded.version`;
  sqlCache.set(spec.table, sql);
  return sql;
}
