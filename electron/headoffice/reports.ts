/**
 * The head office's reports across stores, read from the totals the triggers keep as rows arrive
 * (migration 0002), never by adding up the orders themselves: the chain's report stays as quick
 * with ten million sales as with ten. Dates are each store's own local dates, inclusive; only
 * completed orders count; revenue is what customers paid, in the currency they paid in.
 */
import type pg from 'pg';
import type { Environment } from '../../shared/contract.ts';
import { toDecimalString, type Money } from '../../shared/money.ts';

export type Queryable = Pick<pg.ClientBase, 'query'>;

export type ReportQuery = { readonly from: string; readonly to: string; readonly environment: Environment };

export type StoreLine = {
  readonly storeId: string;
  readonly sales: number;
  readonly esims: number;
  readonly revenueMinor: number;
  readonly currency: string;
};

export type ChainReport = {
  readonly stores: StoreLine[];
  readonly total: { readonly sales: number; readonly esims: number };
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function checkQuery(query: ReportQuery): void {
  if (
    !DATE.test(query.from) ||
    !DATE.test(query.to) ||
    Number.isNaN(Date.parse(query.from)) ||
    Number.isNaN(Date.parse(query.to))
  ) {
    throw new Error('Dates are YYYY-MM-DD.');
  }
  if (query.from > query.to) throw new Error('--from must not be after --to.');
}

/** The whole months inside [from, to] as [first month, month after the last), or null when there are none. */
export function wholeMonths(from: string, to: string): { start: string; end: string } | null {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const afterTo = addDay(to);
  const end = afterTo.endsWith('-01') ? afterTo : `${to.slice(0, 7)}-01`;
  return first < end ? { start: first, end } : null;
}

function nextMonth(date: string): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

function addDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const num = (v: unknown) => Number(v ?? 0);

/** Sales per store: whole months from the monthly totals, the odd days at either end from the daily. */
export async function storeReport(db: Queryable, query: ReportQuery): Promise<ChainReport> {
  checkQuery(query);
  const months = wholeMonths(query.from, query.to);
  const afterTo = addDay(query.to);
  // Day ranges [start, end): the whole period, or the days before and after its whole months.
  const head = months ? [query.from, months.start] : [query.from, afterTo];
  const tail = months ? [months.end, afterTo] : [afterTo, afterTo];
  const { rows } = await db.query<{ store_id: string; currency: string; sales: string; esims: string; revenue: string }>(
    `SELECT store_id, currency, sum(count) AS sales, sum(esims) AS esims, sum(revenue_minor) AS revenue FROM (
       SELECT store_id, currency, count, esims, revenue_minor FROM chain.rollup_store_monthly
        WHERE environment = $1 AND month >= $2::date AND month < $3::date AND kind = 'sale'
       UNION ALL
       SELECT store_id, currency, count, esims, revenue_minor FROM chain.rollup_store_daily
        WHERE environment = $1 AND local_date >= $4::date AND local_date < $5::date AND kind = 'sale'
       UNION ALL
       SELECT store_id, currency, count, esims, revenue_minor FROM chain.rollup_store_daily
        WHERE environment = $1 AND local_date >= $6::date AND local_date < $7::date AND kind = 'sale'
     ) t GROUP BY store_id, currency HAVING sum(count) <> 0 ORDER BY store_id, currency`,
    [query.environment, months?.start ?? afterTo, months?.end ?? afterTo, head[0], head[1], tail[0], tail[1]],
  );
  const stores = rows.map((r) => ({
    storeId: r.store_id,
    sales: num(r.sales),
    esims: num(r.esims),
    revenueMinor: num(r.revenue),
    currency: r.currency,
  }));
  return {
    stores,
    total: { sales: stores.reduce((n, s) => n + s.sales, 0), esims: stores.reduce((n, s) => n + s.esims, 0) },
  };
}

/** An amount in a list of them (a close's cash in each currency, each tender's difference); `label` names the tender. */
export type Amount = Money & { readonly label?: string };
/** A column ending in `_minor` holds minor units of the row's `currency` column. */
export type Cell = string | number | null | readonly Amount[];
export type Table = { readonly columns: readonly string[]; readonly rows: readonly Cell[][] };

const table = (columns: string[], rows: Record<string, unknown>[]): Table => ({
  columns,
  rows: rows.map((r) => columns.map((c) => (r[c] === undefined ? null : (r[c] as Cell)))),
});

const MINOR = '_minor';

/**
 * A report as its CSV says it, for a spreadsheet: each amount in its currency's decimals ("193.50",
 * a `revenue` column beside the `currency` column, never minor units), a list of amounts as text
 * ("card -1.00 USD, other 0.00 USD"); column ids stay snake_case for the tools that read them.
 */
export function csvTable(data: Table): { columns: string[]; rows: (string | number | null)[][] } {
  const currencyAt = data.columns.indexOf('currency');
  const minor = (column: string) => column.endsWith(MINOR) && currencyAt >= 0;
  return {
    columns: data.columns.map((c) => (minor(c) ? c.slice(0, -MINOR.length) : c)),
    rows: data.rows.map((row) =>
      row.map((v, i) => {
        if (Array.isArray(v)) {
          return (v as readonly Amount[])
            .map((m) => `${m.label ? `${m.label} ` : ''}${toDecimalString(m)} ${m.currency}`)
            .join(', ');
        }
        if (v !== null && minor(data.columns[i]!))
          return toDecimalString({ minor: Number(v), currency: String(row[currencyAt]) });
        return v as string | number | null;
      }),
    ),
  };
}

const RANGE = 'environment = $1 AND local_date BETWEEN $2::date AND $3::date';
const params = (q: ReportQuery) => [q.environment, q.from, q.to];

/** Each store's takings per day, sales and top-ups apart. */
export async function byStoreAndDay(db: Queryable, q: ReportQuery): Promise<Table> {
  const { rows } = await db.query(
    `SELECT store_id, to_char(local_date, 'YYYY-MM-DD') AS date, kind, currency, count::int AS count, esims::int AS esims,
            revenue_minor::bigint AS revenue_minor
       FROM chain.rollup_store_daily WHERE ${RANGE} AND count <> 0 ORDER BY local_date, store_id, kind, currency`,
    params(q),
  );
  return table(['store_id', 'date', 'kind', 'currency', 'count', 'esims', 'revenue_minor'], rows);
}

/** Per clerk: the name each counter shipped with the staff member. */
export async function byClerk(db: Queryable, q: ReportQuery): Promise<Table> {
  const { rows } = await db.query(
    `SELECT r.store_id, r.counter_id, coalesce(s.name, r.staff_id) AS clerk, r.currency, sum(r.count)::int AS count,
            sum(r.esims)::int AS esims, sum(r.revenue_minor)::bigint AS revenue_minor
       FROM chain.rollup_daily r
       LEFT JOIN chain.staff s ON s.store_id = r.store_id AND s.counter_id = r.counter_id AND s.id = r.staff_id
      WHERE r.environment = $1 AND r.local_date BETWEEN $2::date AND $3::date
      GROUP BY 1, 2, 3, 4 HAVING sum(r.count) <> 0 ORDER BY revenue_minor DESC, 1, 2, 3`,
    params(q),
  );
  return table(['store_id', 'counter_id', 'clerk', 'currency', 'count', 'esims', 'revenue_minor'], rows);
}

export async function byPackage(db: Queryable, q: ReportQuery): Promise<Table> {
  const { rows } = await db.query(
    `SELECT package_id, max(package_title) AS package, kind, currency, sum(count)::int AS count, sum(esims)::int AS esims,
            sum(revenue_minor)::bigint AS revenue_minor, count(DISTINCT store_id)::int AS stores
       FROM chain.rollup_daily WHERE ${RANGE} GROUP BY package_id, kind, currency HAVING sum(count) <> 0
      ORDER BY revenue_minor DESC, package_id`,
    params(q),
  );
  return table(['package_id', 'package', 'kind', 'currency', 'count', 'esims', 'revenue_minor', 'stores'], rows);
}

export async function byDestination(db: Queryable, q: ReportQuery): Promise<Table> {
  const { rows } = await db.query(
    `SELECT nullif(country_code, '') AS country, currency, sum(count)::int AS count, sum(esims)::int AS esims,
            sum(revenue_minor)::bigint AS revenue_minor
       FROM chain.rollup_daily WHERE ${RANGE} AND kind = 'sale' GROUP BY 1, 2 HAVING sum(count) <> 0
      ORDER BY revenue_minor DESC, 1`,
    params(q),
  );
  return table(['country', 'currency', 'count', 'esims', 'revenue_minor'], rows);
}

/** Store against store: each store's sales and its share and rank among the stores in its currency. */
export async function storeAgainstStore(db: Queryable, q: ReportQuery): Promise<Table> {
  const report = await storeReport(db, q);
  const byCurrency = new Map<string, StoreLine[]>();
  for (const s of report.stores) byCurrency.set(s.currency, [...(byCurrency.get(s.currency) ?? []), s]);
  const rows: Record<string, unknown>[] = [];
  for (const [currency, stores] of byCurrency) {
    const total = stores.reduce((n, s) => n + s.revenueMinor, 0);
    const ranked = [...stores].sort((a, b) => b.revenueMinor - a.revenueMinor);
    ranked.forEach((s, i) =>
      rows.push({
        rank: i + 1,
        store_id: s.storeId,
        currency,
        sales: s.sales,
        esims: s.esims,
        revenue_minor: s.revenueMinor,
        average_sale_minor: s.sales === 0 ? 0 : Math.round(s.revenueMinor / s.sales),
        share_percent: total === 0 ? 0 : Math.round((s.revenueMinor / total) * 1000) / 10,
      }),
    );
  }
  return table(['rank', 'store_id', 'currency', 'sales', 'esims', 'revenue_minor', 'average_sale_minor', 'share_percent'], rows);
}

/** Each counter's shipping: when it last sent, how much it said was still waiting. */
export async function shippingHealth(db: Queryable, environment: Environment | null): Promise<Table> {
  const { rows } = await db.query(
    `SELECT store_id, counter_id, environment, store_name, time_zone, waiting, last_seq,
            to_char(last_shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_shipped_at,
            to_char(last_contact_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_contact_at,
            round(extract(epoch FROM now() - last_contact_at))::int AS seconds_since_contact
       FROM chain.counters WHERE $1::text IS NULL OR environment = $1 ORDER BY store_id, counter_id, environment`,
    [environment],
  );
  return table(
    [
      'store_id',
      'counter_id',
      'environment',
      'store_name',
      'time_zone',
      'waiting',
      'last_seq',
      'last_shipped_at',
      'last_contact_at',
      'seconds_since_contact',
    ],
    rows,
  );
}

/**
 * The closes of each store and day, with the cash counted and its difference, the opening float the
 * close expected back and each other tender's difference (empty for a counter that did not send them).
 */
export async function closes(db: Queryable, q: ReportQuery): Promise<Table> {
  const { rows } = await db.query(
    `SELECT c.store_id, c.counter_id, to_char(c.local_date, 'YYYY-MM-DD') AS date, c.sequence,
            to_char(c.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at,
            coalesce(s.name, c.closed_by) AS closed_by,
            c.counted_cash, c.cash_difference, c.float, c.tenders AS tender_difference, c.note
       FROM chain.closes c
       LEFT JOIN chain.staff s ON s.store_id = c.store_id AND s.counter_id = c.counter_id AND s.id = c.closed_by
      WHERE c.environment = $1 AND c.local_date BETWEEN $2::date AND $3::date
      ORDER BY c.local_date, c.store_id, c.counter_id, c.sequence`,
    params(q),
  );
  // NULL (a counter that did not send them) stays unknown, never an empty list.
  const amounts = (list: unknown): Amount[] | null =>
    Array.isArray(list) ? (list as Money[]).map((m) => ({ minor: Number(m.minor), currency: m.currency })) : null;
  const tenders = (list: unknown): Amount[] | null =>
    Array.isArray(list)
      ? (list as { method: string; difference: number; currency: string }[]).map((m) => ({
          label: m.method,
          minor: Number(m.difference),
          currency: m.currency,
        }))
      : null;
  const formatted = rows.map((r: Record<string, unknown>) => ({
    ...r,
    counted_cash: amounts(r.counted_cash),
    cash_difference: amounts(r.cash_difference),
    float: amounts(r.float),
    tender_difference: tenders(r.tender_difference),
  }));
  return table(
    [
      'store_id',
      'counter_id',
      'date',
      'sequence',
      'closed_at',
      'closed_by',
      'counted_cash',
      'cash_difference',
      'float',
      'tender_difference',
      'note',
    ],
    formatted,
  );
}

/** The page's reports after Sales by store, in its order; each one's title is headoffice:reports.<name>. */
export const TABLE_REPORTS = {
  'store-day': byStoreAndDay,
  clerk: byClerk,
  package: byPackage,
  destination: byDestination,
  stores: storeAgainstStore,
  closes,
  health: (db: Queryable, q: ReportQuery) => shippingHealth(db, q.environment),
} as const;

export type TableReportName = keyof typeof TABLE_REPORTS;
