/**
 * A date's close as a spreadsheet: every sale and top-up of the day, one line each, with the close
 * that covers it; then, per close, what was counted: the opening float, the cash and every other
 * tender as counted, and the cash by notes and coins where it was so counted. One table with one
 * header, so a spreadsheet filters it by `kind`: the count lines carry the close's time and who
 * closed, their amount in the last column, `counted` (a note's value in `unit_price`, how many in
 * `quantity`), never in `total`, so the sum of `total` stays what the customers paid.
 */
import type Database from 'better-sqlite3';
import { localRange } from '../../../shared/clock.ts';
import { toCsv } from '../../../shared/csv.ts';
import { toDecimalString } from '../../../shared/money.ts';
import type { DayClose } from '../../../shared/reports.ts';
import { listCloses, saleLines, type SaleLine } from './db-closes.ts';
import { isOpen, lineFigure, lineTotal } from './unclosed.ts';

export const CLOSE_CSV_COLUMNS = [
  'time_utc',
  'kind',
  'reference',
  'status',
  'clerk',
  'package_id',
  'package',
  'country',
  'quantity',
  'unit_price',
  'total',
  'currency',
  'cost',
  'cost_currency',
  'tax',
  'cost_in_currency',
  'payment',
  'partner_order',
  'close',
  'counted',
] as const;

type Cell = string | number;
const amount = (minor: number, currency: string) => toDecimalString({ minor, currency });
const known = (minor: number | null, currency: string) => (minor === null ? '' : amount(minor, currency));

function saleRow(l: SaleLine, close: Cell): Cell[] {
  return [
    l.createdAt,
    l.kind,
    l.reference,
    l.status,
    l.staffName,
    l.packageId,
    l.packageTitle,
    l.countryCode ?? '',
    l.quantity,
    amount(l.unitPrice, l.currency),
    // What the customer paid: the tax comes on top where it was added at checkout.
    amount(lineTotal(l), l.currency),
    l.currency,
    // Empty, not 0, where the cost is not known.
    known(lineFigure('cost', l), l.costCurrency),
    l.costCurrency,
    amount(l.taxMinor, l.currency),
    known(lineFigure('costLocal', l), l.currency),
    l.paymentMethod,
    l.partnerOrderCode ?? '',
    close,
    '',
  ];
}

/** A close's float, counted tenders and notes and coins, as lines of the same table. */
function countRows(close: DayClose): Cell[][] {
  const row = (kind: string, payment: string, total: number, currency: string, quantity: Cell = '', unit: Cell = '') => [
    close.closedAt,
    kind,
    '',
    '',
    close.closedByName,
    '',
    '',
    '',
    quantity,
    unit,
    '',
    currency,
    '',
    '',
    '',
    '',
    payment,
    '',
    close.sequence,
    amount(total, currency),
  ];
  return [
    ...close.float.map((m) => row('float', 'cash', m.minor, m.currency)),
    ...close.countedCash.map((m) => row('counted', 'cash', m.minor, m.currency)),
    ...close.tenders.map((t) => row('counted', t.method, t.counted, t.currency)),
    ...close.cashCounts.flatMap((c) =>
      c.counts.map((d) => row('denomination', 'cash', d.value * d.count, c.currency, d.count, amount(d.value, c.currency))),
    ),
  ];
}

export function closeCsv(db: Database.Database, date: string, timeZone: string): { filename: string; content: string } {
  const { from, to } = localRange(date, date, timeZone);
  const lines = saleLines(db, from, to);
  const { closes, legacyCutoff } = listCloses(db, date);
  const sequence = new Map(closes.map((c) => [c.id, c.sequence]));
  const closeOf = (l: SaleLine) => {
    if (l.closeId !== null) return sequence.get(l.closeId) ?? '';
    return closes.length > 0 && l.status === 'completed' && !isOpen(l, legacyCutoff) ? 1 : '';
  };
  const content = toCsv([...lines.map((l) => saleRow(l, closeOf(l))), ...closes.flatMap(countRows)], {
    columns: CLOSE_CSV_COLUMNS,
  });
  return { filename: `esim-counter-${date}.csv`, content };
}
