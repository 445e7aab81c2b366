import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  FIGURES,
  ROLLUP_COLUMNS,
  figureSql,
  marginOfSums,
  rollupOf,
  type LineParts,
  type Row,
} from '../../../../../electron/backend/reports/figures.ts';

/** Lines of every shape a figure tells apart: tax on top or in the price or none, costs known or not. */
const LINES: LineParts[] = [
  { unitPrice: 1000, quantity: 2, esims: 2, taxMode: null, tax: 0, unitCost: 700, unitCostLocal: 644 },
  { unitPrice: 1000, quantity: 1, esims: 1, taxMode: 'included', tax: 160, unitCost: 700, unitCostLocal: 600 },
  { unitPrice: 1000, quantity: 3, esims: 3, taxMode: 'added', tax: 267, unitCost: null, unitCostLocal: 600 },
  { unitPrice: 500, quantity: 1, esims: 0, taxMode: 'added', tax: 44, unitCost: 300, unitCostLocal: null },
  { unitPrice: 500, quantity: 4, esims: 4, taxMode: 'included', tax: 80, unitCost: null, unitCostLocal: null },
];

const sqlLiteral = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`);
/** The line's parts as SQL literals, so SQLite computes the figure from the same values TypeScript does. */
const rowOfLine =
  (line: LineParts): Row =>
  (part) =>
    sqlLiteral(line[part]);

describe('the report figures', () => {
  const db = new Database(':memory:');
  const inSql = (sql: string) => (db.prepare(`SELECT ${sql} AS v`).get() as { v: number | null }).v;

  it('are the same in SQL and in TypeScript, for every figure and every running total', () => {
    for (const line of LINES) {
      for (const [name, figure] of Object.entries(FIGURES)) {
        expect({ name, line, value: inSql(figure.sql(rowOfLine(line))) }).toEqual({
          name,
          line,
          value: figure.value(line),
        });
      }
      const totals = rollupOf(line);
      for (const c of ROLLUP_COLUMNS)
        expect({ column: c.column, value: inSql(c.line.sql(rowOfLine(line))) }).toEqual({
          column: c.column,
          value: totals[c.name],
        });
    }
  });

  it('mean what the reports say: revenue is what the customer paid, the margin net of tax and the cost where known', () => {
    const [plain, included, added, topup] = LINES as [LineParts, LineParts, LineParts, LineParts];
    expect(FIGURES.revenue.value(plain)).toBe(2000);
    expect(FIGURES.margin.value(plain)).toBe(2000 - 2 * 644);
    // VAT is in the shelf price; sales tax comes on top of it, and neither is the shop's.
    expect(FIGURES.revenue.value(included)).toBe(1000);
    expect(FIGURES.margin.value(included)).toBe(1000 - 160 - 600);
    expect(FIGURES.revenue.value(added)).toBe(3267);
    expect(FIGURES.margin.value(added)).toBe(3000 - 1800);
    // A cost nobody knows is unknown, never 0: the margin goes unknown with it and sums leave it out.
    expect(FIGURES.margin.value(topup)).toBeNull();
    expect(rollupOf(topup)).toMatchObject({ cost: 300, costUnknown: 0, costLocal: 0, localCostUnknown: 1 });
    expect(rollupOf(topup).localCostedNetRevenue).toBe(0);
    expect(rollupOf(added)).toMatchObject({ cost: 0, costUnknown: 1, costedRevenue: 0, localCostedNetRevenue: 3000 });
  });

  it('add up to the margin of the lines whose cost is known, whatever the others', () => {
    const sums = { localCostedNetRevenue: 0, costLocal: 0 };
    for (const line of LINES) {
      sums.localCostedNetRevenue += rollupOf(line).localCostedNetRevenue;
      sums.costLocal += rollupOf(line).costLocal;
    }
    const known = LINES.map((l) => FIGURES.margin.value(l)).filter((m) => m !== null);
    expect(known).toHaveLength(3);
    expect(marginOfSums(sums)).toBe(known.reduce((a, b) => a + b, 0));
  });

  it('leave out what a kind of line does not have: a top-up is one, a voucher batch carries no tax', () => {
    expect(figureSql('revenue', 'topup', 't.')).toBe(
      "t.retail_minor + CASE WHEN t.tax_mode = 'added' THEN t.tax_minor ELSE 0 END",
    );
    expect(figureSql('revenue', 'voucher', 'b.')).toBe('b.unit_retail_minor * b.quantity');
    expect(figureSql('margin', 'voucher')).toBe('unit_retail_minor * quantity - unit_cost_local_minor * quantity');
  });

  it('bucket a time into the quarter hour it starts in, the same in SQL and in TypeScript', () => {
    for (const at of [
      '2026-11-20T09:00:00.000Z',
      '2026-11-20T09:14:59.999Z',
      '2026-11-20T09:15:00.000Z',
      '2026-11-20T09:44:00.000Z',
      '2026-11-20T23:59:59.000Z',
    ]) {
      expect(inSql(BUCKETS.quarter.sql(`'${at}'`))).toBe(BUCKETS.quarter.of(at));
      expect(inSql(BUCKETS.day.sql(`'${at}'`))).toBe(BUCKETS.day.of(at));
      expect(inSql(BUCKETS.month.sql(`'${at}'`))).toBe(BUCKETS.month.of(at));
    }
    expect(BUCKETS.quarter.of('2026-11-20T09:14:59.999Z')).toBe('2026-11-20T09:00');
    expect(BUCKETS.quarter.of('2026-11-20T23:59:59.000Z')).toBe('2026-11-20T23:45');
  });
});
