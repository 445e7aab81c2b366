/**
 * What the outbox ships of each sale and top-up (the views chain_sale_rows and chain_topup_rows),
 * its money taken from the report figures' one definition (electron/backend/reports/figures.ts): the head
 * office adds up the very revenue, tax and costs the counter's own reports count. Payload keys are
 * the head office's column names (electron/backend/chain/pg/0001-tables.sql), in the order 0013 shipped them.
 *
 * The views live in the journal, laid down by a migration (0024 first); a change here fails
 * test/unit/electron/backend/chain/outbox-rows.test.ts until a new migration lays them down again.
 */
import type { LineKind } from '../../../shared/reports.ts';
import { FIGURES, SOURCES, rowOf } from '../reports/figures.ts';
import type { SchemaSql } from '../reports/rollups.ts';

type OrderKind = Extract<LineKind, 'sale' | 'topup'>;

/** The payload of one kind of order, key by key, as SQL over its table's columns. */
function payload(kind: OrderKind): [key: string, sql: string][] {
  const row = rowOf(kind, '');
  const same = (...columns: string[]) => columns.map((c): [string, string] => [c, c]);
  return [
    ...same('id'),
    ['kind', `'${kind}'`],
    ...same('reference', 'status', 'package_id', 'package_title'),
    // NULL, not '', for a package of several countries: the head office's column is nullable.
    ['country_code', kind === 'sale' ? 'coalesce(destination_country_code, package_country_code)' : 'NULL'],
    ['quantity', row('quantity')],
    ['esims', row('esims')],
    ['unit_price_minor', row('unitPrice')],
    ['total_minor', FIGURES.revenue.sql(row)],
    ['currency', 'retail_currency'],
    ['tax_minor', FIGURES.tax.sql(row)],
    ['cost_minor', FIGURES.cost.sql(row)],
    ['cost_currency', SOURCES[kind].netCurrency('')],
    ['cost_local_minor', FIGURES.costLocal.sql(row)],
    ...same('payment_method', 'staff_id', 'partner_order_code', 'failure_code'),
    ['iccid', kind === 'sale' ? 'NULL' : 'iccid'],
    ...same('created_at', 'updated_at', 'completed_at'),
  ];
}

const PAIRS_A_LINE = 4;

/** The outbox's views of sales and top-ups, as sqlite_master keeps them. */
export function outboxOrderViews(): SchemaSql[] {
  return (['sale', 'topup'] as const).map((kind) => {
    const name = `chain_${kind}_rows`;
    const pairs = payload(kind).map(([key, sql]) => `'${key}', ${sql}`);
    const lines = Array.from({ length: Math.ceil(pairs.length / PAIRS_A_LINE) }, (_, i) =>
      pairs.slice(i * PAIRS_A_LINE, (i + 1) * PAIRS_A_LINE).join(', '),
    );
    return {
      type: 'view',
      name,
      sql: `CREATE VIEW ${name} AS\nSELECT id, json_object(\n  ${lines.join(',\n  ')}) AS payload\nFROM ${SOURCES[kind].table}`,
    };
  });
}
