/**
 * What each report figure means, written once. A line of takings (a sale, a top-up, a voucher
 * batch) is described by a few parts whatever its table calls them; each figure is an expression
 * over those parts that renders as SQL for a row (a trigger's NEW., a query's alias) and evaluates
 * in TypeScript for a line already read. The running totals' triggers (electron/backend/reports/rollups.ts,
 * laid down by a migration), the reports' queries, the close's lines and what the outbox ships to
 * the head office are all built from here, so the places cannot tell a figure differently.
 */
import type { LineKind } from '../../../shared/reports.ts';

/** The parts of a line every figure is made of. */
export type LineParts = {
  readonly unitPrice: number;
  readonly quantity: number;
  /** What the line hands over: eSIMs, a batch's codes, none for a top-up. */
  readonly esims: number;
  readonly taxMode: 'included' | 'added' | null;
  readonly tax: number;
  /** What the partner charged per item in its currency; null when nobody knows. */
  readonly unitCost: number | null;
  /** The same in the currency sold in, at the line's rate; null when not known. */
  readonly unitCostLocal: number | null;
};
type Part = keyof LineParts;

/** A row's columns as SQL, for a given prefix ('NEW.', 's.', or '' for a bare table). */
export type Row = (part: Part) => string;

/** Binding strength of the SQL an expression renders, so parentheses go only where needed. */
const ATOM = 3;
const PRODUCT = 2;
const SUM = 1;
const TEST = 0;

export type Expr = {
  readonly sql: (row: Row) => string;
  readonly value: (line: LineParts) => number | null;
  readonly strength: number;
};

const wrap = (e: Expr, row: Row, atLeast: number) => (e.strength >= atLeast ? e.sql(row) : `(${e.sql(row)})`);
/** Null stays null through arithmetic, as in SQL: an unknown cost makes an unknown margin. */
const arith = (a: number | null, b: number | null, op: (x: number, y: number) => number) =>
  a === null || b === null ? null : op(a, b);

/** A part that is a number; the tax mode is read by taxOnTop alone. */
const part = (name: Exclude<Part, 'taxMode'>): Expr => ({
  sql: (row) => row(name),
  value: (line) => line[name],
  strength: ATOM,
});
const times = (a: Expr, b: Expr): Expr => ({
  // A top-up is one of its kind: its quantity is the literal 1, left out of the SQL.
  sql: (row) => (b.sql(row) === '1' ? a.sql(row) : `${wrap(a, row, PRODUCT)} * ${wrap(b, row, PRODUCT)}`),
  value: (line) => arith(a.value(line), b.value(line), (x, y) => x * y),
  strength: PRODUCT,
});
const plus = (a: Expr, b: Expr): Expr => ({
  sql: (row) => (b.sql(row) === '0' ? a.sql(row) : `${wrap(a, row, SUM)} + ${wrap(b, row, SUM)}`),
  value: (line) => arith(a.value(line), b.value(line), (x, y) => x + y),
  strength: SUM,
});
const minus = (a: Expr, b: Expr): Expr => ({
  sql: (row) => (b.sql(row) === '0' ? a.sql(row) : `${wrap(a, row, SUM)} - ${wrap(b, row, PRODUCT)}`),
  value: (line) => arith(a.value(line), b.value(line), (x, y) => x - y),
  strength: SUM,
});
/** The tax where it came on top of the price (sales tax added at checkout); 0 where it is part of it. */
const taxOnTop: Expr = {
  sql: (row) => (row('taxMode') === 'NULL' ? '0' : `CASE WHEN ${row('taxMode')} = 'added' THEN ${row('tax')} ELSE 0 END`),
  value: (line) => (line.taxMode === 'added' ? line.tax : 0),
  strength: ATOM,
};

/** The figures of one line; null where a cost is not known. */
export const FIGURES = (() => {
  /** What the customer paid: the price, and the tax where it came on top. */
  const revenue = plus(times(part('unitPrice'), part('quantity')), taxOnTop);
  /** The tax in the revenue, included or added. */
  const tax = part('tax');
  /** What the partner charged, in its currency. */
  const cost = times(part('unitCost'), part('quantity'));
  /** The same in the currency sold in. */
  const costLocal = times(part('unitCostLocal'), part('quantity'));
  /** What the shop keeps before its cost. */
  const netRevenue = minus(revenue, tax);
  /** Revenue less tax less the cost in the currency sold in; unknown with that cost. */
  const margin = minus(netRevenue, costLocal);
  return { revenue, tax, cost, costLocal, netRevenue, margin, esims: part('esims') };
})();

/** A summed column: 0 for a line whose figure is unknown, so the sum is over the known ones. */
const known = (e: Expr): Expr => ({
  sql: (row) => `coalesce(${e.sql(row)}, 0)`,
  value: (line) => e.value(line) ?? 0,
  strength: ATOM,
});
/** 1 for a line whose `e` is unknown: how many a sum left out. */
const unknown = (e: Expr): Expr => ({
  sql: (row) => `${wrap(e, row, PRODUCT)} IS NULL`,
  value: (line) => (e.value(line) === null ? 1 : 0),
  strength: TEST,
});
/** `then` for a line whose `test` is known, else 0: a margin is only ever taken over known costs. */
const ifKnown = (test: Expr, then: Expr): Expr => ({
  sql: (row) => `CASE WHEN ${wrap(test, row, PRODUCT)} IS NULL THEN 0 ELSE ${then.sql(row)} END`,
  value: (line) => (test.value(line) === null ? 0 : then.value(line)),
  strength: ATOM,
});
const one: Expr = { sql: () => '1', value: () => 1, strength: ATOM };

/**
 * The running totals' money columns (report_daily, report_monthly), what one line adds to each,
 * and the name a report reads the sum by (Sums in electron/backend/reports/db.ts). Add a figure here, with
 * its column in a migration that lays the triggers down again (electron/backend/reports/rollups.ts).
 */
export const ROLLUP_COLUMNS = [
  { column: 'count', name: 'count', line: one },
  { column: 'esims', name: 'esims', line: FIGURES.esims },
  { column: 'revenue', name: 'revenue', line: FIGURES.revenue },
  { column: 'cost', name: 'cost', line: known(FIGURES.cost) },
  { column: 'cost_unknown', name: 'costUnknown', line: unknown(FIGURES.cost) },
  { column: 'costed_revenue', name: 'costedRevenue', line: ifKnown(FIGURES.cost, FIGURES.revenue) },
  { column: 'tax', name: 'tax', line: FIGURES.tax },
  { column: 'cost_local', name: 'costLocal', line: known(FIGURES.costLocal) },
  { column: 'local_cost_unknown', name: 'localCostUnknown', line: unknown(FIGURES.costLocal) },
  {
    column: 'local_costed_net_revenue',
    name: 'localCostedNetRevenue',
    line: ifKnown(FIGURES.costLocal, FIGURES.netRevenue),
  },
] as const;

export type RollupName = (typeof ROLLUP_COLUMNS)[number]['name'];

/** What one line adds to each running total, as the triggers add it. */
export function rollupOf(line: LineParts): Record<RollupName, number> {
  return Object.fromEntries(ROLLUP_COLUMNS.map((c) => [c.name, c.line.value(line) ?? 0])) as Record<RollupName, number>;
}

/**
 * The margin of lines added up: their revenue less tax less cost in the currency sold in, over the
 * lines whose cost there is known, the sum of each known line's margin.
 */
export const marginOfSums = (sums: Pick<Record<RollupName, number>, 'localCostedNetRevenue' | 'costLocal'>) =>
  sums.localCostedNetRevenue - sums.costLocal;

/** `sum(column) AS name` for every running total: a period's Sums, from the totals or from lines. */
export const sumsSql = (prefix = '') => ROLLUP_COLUMNS.map((c) => `sum(${prefix}${c.column}) AS ${c.name}`).join(', ');

/**
 * Where each kind of line keeps its parts, and its breakdowns' keys where they differ by table.
 * Every table names staff_id, package_id, package_title, retail_currency and created_at alike.
 */
type Source = {
  readonly table: 'sales' | 'topups' | 'voucher_batches';
  readonly parts: Record<Part, (prefix: string) => string>;
  readonly countryCode: (prefix: string) => string;
  readonly paymentMethod: (prefix: string) => string;
  readonly netCurrency: (prefix: string) => string;
  readonly updatedAt: (prefix: string) => string;
};
const column = (name: string) => (prefix: string) => `${prefix}${name}`;
const literal = (sql: string) => () => sql;

export const SOURCES: Record<LineKind, Source> = {
  sale: {
    table: 'sales',
    parts: {
      unitPrice: column('unit_retail_minor'),
      quantity: column('quantity'),
      esims: column('quantity'),
      taxMode: column('tax_mode'),
      tax: column('tax_minor'),
      unitCost: column('unit_cost_minor'),
      unitCostLocal: column('unit_cost_local_minor'),
    },
    // The country a regional package was sold for, else the package's; '' for none.
    countryCode: (p) => `coalesce(${p}destination_country_code, ${p}package_country_code, '')`,
    paymentMethod: column('payment_method'),
    netCurrency: column('net_currency'),
    updatedAt: column('updated_at'),
  },
  topup: {
    table: 'topups',
    parts: {
      unitPrice: column('retail_minor'),
      quantity: literal('1'),
      esims: literal('0'),
      taxMode: column('tax_mode'),
      tax: column('tax_minor'),
      unitCost: column('cost_minor'),
      unitCostLocal: column('cost_local_minor'),
    },
    countryCode: literal("''"),
    paymentMethod: column('payment_method'),
    netCurrency: column('net_currency'),
    updatedAt: column('updated_at'),
  },
  voucher: {
    table: 'voucher_batches',
    // Codes carry no tax; a batch made before costs were kept has none known.
    parts: {
      unitPrice: column('unit_retail_minor'),
      quantity: column('quantity'),
      esims: column('quantity'),
      taxMode: literal('NULL'),
      tax: literal('0'),
      unitCost: column('unit_cost_minor'),
      unitCostLocal: column('unit_cost_local_minor'),
    },
    countryCode: (p) => `coalesce(${p}country_code, '')`,
    // A batch made before the counter asked how it was paid counts as 'other'.
    paymentMethod: (p) => `coalesce(${p}payment_method, 'other')`,
    netCurrency: (p) => `coalesce(${p}net_currency, ${p}retail_currency)`,
    updatedAt: (p) => `coalesce(${p}completed_at, ${p}created_at)`,
  },
};

/** The row of `kind` under `prefix`, for rendering a figure. */
export const rowOf =
  (kind: LineKind, prefix: string): Row =>
  (name) =>
    SOURCES[kind].parts[name](prefix);

/** A figure of a `kind` row in SQL: `figureSql('revenue', 'sale', 's.')`. */
export const figureSql = (figure: keyof typeof FIGURES, kind: LineKind, prefix = '') => FIGURES[figure].sql(rowOf(kind, prefix));

/**
 * The time buckets the running totals are kept by, from an ISO UTC timestamp. Every time zone is a
 * whole number of quarter hours off UTC (India +5:30, Nepal +5:45), so a UTC quarter hour lies
 * wholly inside one local hour and the per-hour and per-day charts can be drawn from them.
 */
export const BUCKETS = {
  day: { sql: (at: string) => `substr(${at}, 1, 10)`, of: (at: string) => at.slice(0, 10) },
  month: { sql: (at: string) => `substr(${at}, 1, 7)`, of: (at: string) => at.slice(0, 7) },
  /** 'YYYY-MM-DDTHH:MM', the minutes 00, 15, 30 or 45. */
  quarter: {
    sql: (at: string) => `substr(${at}, 1, 14) || printf('%02d', CAST(substr(${at}, 15, 2) AS INTEGER) / 15 * 15)`,
    of: (at: string) => `${at.slice(0, 14)}${String(Math.floor(Number(at.slice(14, 16)) / 15) * 15).padStart(2, '0')}`,
  },
} as const;
