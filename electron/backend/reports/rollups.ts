/**
 * The running totals (report_daily, report_monthly, report_quarter_hourly, report_quarter_margin)
 * and the lines they add up, both built from the figures' one definition (./figures.ts). The view
 * report_lines is every completed line with what it adds to each total; the reports read it for
 * the hours whole days cannot cover, and inserting a line's kind and id into it adds that line to
 * the totals, which is all the sales, top-ups and voucher batches triggers do.
 *
 * The view and the triggers live in the journal, laid down by a migration (0024 first): a change
 * here fails test/unit/electron/backend/reports/rollups.test.ts until a new migration lays them down again
 * with the SQL `rollupSchema()` gives.
 */
import type { LineKind } from '../../../shared/reports.ts';
import { BUCKETS, ROLLUP_COLUMNS, SOURCES, rowOf, FIGURES } from './figures.ts';

const KINDS: readonly LineKind[] = ['sale', 'topup', 'voucher'];

/** The breakdowns' keys, in report_daily's order after its period. */
const KEYS = [
  'kind',
  'staff_id',
  'package_id',
  'package_title',
  'country_code',
  'payment_method',
  'retail_currency',
  'net_currency',
];
const SUMMED = ROLLUP_COLUMNS.map((c) => c.column);

/** One kind's completed rows as lines: its keys, what it adds to each total, its margin (null where unknown). */
function linesOf(kind: LineKind): string {
  const s = SOURCES[kind];
  const row = rowOf(kind, '');
  const as = (sql: string, name: string) => (sql === name ? name : `${sql} AS ${name}`);
  const columns = [
    `'${kind}' AS kind`,
    'id',
    'created_at',
    as(s.updatedAt(''), 'updated_at'),
    'staff_id',
    'package_id',
    'package_title',
    as(s.countryCode(''), 'country_code'),
    as(s.paymentMethod(''), 'payment_method'),
    'retail_currency',
    as(s.netCurrency(''), 'net_currency'),
    ...ROLLUP_COLUMNS.map((c) => as(c.line.sql(row), c.column)),
    as(FIGURES.margin.sql(row), 'margin'),
  ];
  return `SELECT ${columns.join(', ')}\nFROM ${s.table} WHERE status = 'completed'`;
}

const addedUp = (columns: readonly string[]) => columns.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');
const THE_LINE = 'FROM report_lines WHERE kind = NEW.kind AND id = NEW.id';

/** The totals of a period (a day, a month) in `table`, and what one line adds to them. */
function addToPeriod(table: string, periodColumn: string, bucket: (at: string) => string): string {
  const columns = [...KEYS, ...SUMMED, 'updated_at'];
  return [
    `INSERT INTO ${table} (${[periodColumn, ...columns].join(', ')})`,
    `  SELECT ${[bucket('created_at'), ...columns].join(', ')} ${THE_LINE}`,
    `  ON CONFLICT DO UPDATE SET ${addedUp(SUMMED)}, package_title = excluded.package_title, updated_at = excluded.updated_at;`,
  ].join('\n');
}

/** The trigger that adds an inserted line to every running total. */
function addLineTrigger(): string {
  const quarter = BUCKETS.quarter.sql('created_at');
  return [
    'CREATE TRIGGER report_lines_add INSTEAD OF INSERT ON report_lines',
    'BEGIN',
    addToPeriod('report_daily', 'utc_date', BUCKETS.day.sql),
    addToPeriod('report_monthly', 'utc_month', BUCKETS.month.sql),
    'INSERT INTO report_quarter_hourly (utc_quarter, retail_currency, count, revenue, updated_at)',
    `  SELECT ${quarter}, retail_currency, count, revenue, updated_at ${THE_LINE}`,
    `  ON CONFLICT DO UPDATE SET ${addedUp(['count', 'revenue'])}, updated_at = excluded.updated_at;`,
    // A line whose cost in the currency sold in is unknown adds nothing to the margin.
    'INSERT INTO report_quarter_margin (utc_quarter, retail_currency, margin)',
    `  SELECT ${quarter}, retail_currency, margin ${THE_LINE} AND margin IS NOT NULL`,
    `  ON CONFLICT DO UPDATE SET ${addedUp(['margin'])};`,
    'END',
  ].join('\n');
}

/** A schema object's name and its whole CREATE statement, as sqlite_master keeps it. */
export type SchemaSql = { readonly type: 'view' | 'trigger'; readonly name: string; readonly sql: string };

/**
 * The view, its trigger, and the triggers that hand it each line as it completes: a row counts
 * once, when it completes; sales and top-ups written completed already (imports, the benchmark's
 * history) as they are inserted. A voucher batch is written before its request and completes by
 * an update only.
 */
export function rollupSchema(): SchemaSql[] {
  const tables = KINDS.flatMap((kind): SchemaSql[] => {
    const { table } = SOURCES[kind];
    const add = `BEGIN INSERT INTO report_lines (kind, id) VALUES ('${kind}', NEW.id); END`;
    const complete = `${table}_report_on_complete`;
    const insert = `${table}_report_on_insert`;
    return [
      {
        type: 'trigger',
        name: complete,
        sql: `CREATE TRIGGER ${complete} AFTER UPDATE OF status ON ${table} WHEN NEW.status = 'completed' AND OLD.status <> 'completed'\n${add}`,
      },
      ...(kind === 'voucher'
        ? []
        : [
            {
              type: 'trigger' as const,
              name: insert,
              sql: `CREATE TRIGGER ${insert} AFTER INSERT ON ${table} WHEN NEW.status = 'completed'\n${add}`,
            },
          ]),
    ];
  });
  return [
    { type: 'view', name: 'report_lines', sql: `CREATE VIEW report_lines AS\n${KINDS.map(linesOf).join('\nUNION ALL\n')}` },
    { type: 'trigger', name: 'report_lines_add', sql: addLineTrigger() },
    ...tables,
  ];
}

/** The schema as a migration lays it down. */
export const rollupSchemaSql = () =>
  rollupSchema()
    .map((o) => `${o.sql};\n`)
    .join('\n');
