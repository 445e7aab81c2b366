/** The head office page's HTML: escaped text, one table per report, one small stylesheet. */
import { toDecimalString } from '../../../shared/money.ts';
import type { Table } from './reports.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One report as a table; amounts in minor units (the CSV's) are shown in their currency's decimals. */
export function renderTable(data: Table): string {
  if (data.rows.length === 0) return '<p class="empty">Nothing in this period.</p>';
  const currencyAt = data.columns.indexOf('currency');
  const amount = (column: string) => column.endsWith('_minor') && currencyAt >= 0;
  const head = data.columns
    .map((c) => `<th scope="col">${escapeHtml((amount(c) ? c.slice(0, -'_minor'.length) : c).replaceAll('_', ' '))}</th>`)
    .join('');
  const cell = (row: Table['rows'][number], v: string | number | null, i: number) => {
    const column = data.columns[i]!;
    const text =
      v !== null && amount(column) ? toDecimalString({ minor: Number(v), currency: String(row[currencyAt]) }) : String(v ?? '');
    return `<td${typeof v === 'number' || amount(column) ? ' class="n"' : ''}>${escapeHtml(text)}</td>`;
  };
  const body = data.rows.map((row) => `<tr>${row.map((v, i) => cell(row, v, i)).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — eSIM Counter</title><link rel="stylesheet" href="/style.css"></head>
<body><header><h1>${escapeHtml(title)}</h1></header><main>
${body}
</main></body></html>`;
}

export const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1b1f24; background: #f6f7f9; }
header { background: #1d3557; color: #fff; padding: 0.8rem 1.5rem; }
h1 { margin: 0; font-size: 1.3rem; }
main { padding: 1rem 1.5rem; max-width: 80rem; }
form { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; margin-block-end: 1rem; }
label { display: flex; flex-direction: column; font-size: 0.85rem; }
input, select, button { font: inherit; padding: 0.3rem 0.5rem; }
section { background: #fff; border: 1px solid #d8dde3; border-radius: 6px; padding: 0.5rem 1rem 1rem; margin-block-end: 1rem; overflow-x: auto; }
h2 { font-size: 1.05rem; display: flex; gap: 1rem; align-items: baseline; }
a.csv { font-size: 0.8rem; font-weight: normal; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; padding: 0.25rem 0.6rem; border-block-end: 1px solid #eceff2; white-space: nowrap; }
td.n { text-align: end; font-variant-numeric: tabular-nums; }
.empty { color: #5c6670; }
.problem { color: #a4161a; }
`;
