/**
 * CSV files for a spreadsheet, written the same way by the till, the head office and the back
 * office. A spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage
 * return as a formula, so such a text (a clerk's name, a package's title) gets a leading `'`, as
 * OWASP advises; a plain decimal ("-1.50", a refund) stays a number the spreadsheet adds up. The
 * browser build of csv-stringify runs in the renderer and in Node alike.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A text as a spreadsheet shows it, never runs it. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) && !DECIMAL.test(text) ? `'${text}` : text;
}

const safeCell = (cell: CsvCell): CsvCell => (typeof cell === 'string' ? safeText(cell) : cell);

/**
 * Rows as CSV text (RFC 4180 quoting), heads first where `columns` are given. `windows` ends lines
 * with CRLF and starts with a byte-order mark, so Excel reads the file as UTF-8.
 */
export function toCsv(
  rows: readonly (readonly CsvCell[])[],
  options: { readonly columns?: readonly string[]; readonly windows?: boolean } = {},
): string {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    {
      ...(options.columns ? { header: true, columns: options.columns.map(safeText) } : {}),
      ...(options.windows ? { bom: true, record_delimiter: 'windows' as const } : {}),
    },
  );
}
