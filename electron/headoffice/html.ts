/**
 * The head office page's HTML: escaped text, one table per report with words for headings and
 * each value as the reader's language writes it, and the stylesheet, which takes the counter's own
 * colours and type (the `:root` of renderer/src/styles/base.css) so the page looks like the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Amount, Cell, Table } from './reports.ts';
import type { Words } from './words.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const MINOR = '_minor';

/** An amount kept in its own order ("-1.00 US$") inside right-to-left text, where "$" and "-" would drift. */
const amountHtml = (text: string) => `<span class="amount" dir="ltr">${escapeHtml(text)}</span>`;

/** One value as the page shows it: amounts in their currency, days and instants in words, ids as they are. */
function shown(words: Words, column: string, value: Cell, currency: string | null): string {
  if (value === null) return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return (value as readonly Amount[])
      .map((m) => {
        const amount = amountHtml(words.money(m));
        return m.label ? `${escapeHtml(words.t(`common:payment.${m.label}`, { defaultValue: m.label }))} ${amount}` : amount;
      })
      .join('<br>');
  }
  const text = (s: string) => escapeHtml(s);
  if (column.endsWith(MINOR) && currency) return amountHtml(words.money({ minor: Number(value), currency }));
  if (column === 'share_percent') return text(words.percent(Number(value)));
  if (column === 'date') return text(words.day(String(value)));
  if (column.endsWith('_at')) return text(words.instant(String(value)));
  if (column === 'kind') return text(words.t(`kinds.${String(value)}`, { defaultValue: String(value) }));
  if (column === 'environment') return text(words.t(`environments.${String(value)}`, { defaultValue: String(value) }));
  if (column === 'country') return text(words.country(String(value)));
  if (typeof value === 'number') return text(words.number(value));
  return text(String(value));
}

/** One report as a table; the currency column is left out where the amounts already say it. */
export function renderTable(data: Table, words: Words): string {
  if (data.rows.length === 0) return `<p class="empty">${escapeHtml(words.t('empty'))}</p>`;
  const currencyAt = data.columns.indexOf('currency');
  const hasMinor = currencyAt >= 0 && data.columns.some((c) => c.endsWith(MINOR));
  const shownColumns = data.columns.map((c, i) => ({ c, i })).filter(({ i }) => !(hasMinor && i === currencyAt));
  const isNumber = (c: string, v: Cell) => typeof v === 'number' || Array.isArray(v) || c.endsWith(MINOR);
  // A column of figures is aligned to its end, its heading with it.
  const figures = (c: string, i: number) => data.rows.some((row) => row[i] !== null && isNumber(c, row[i]!));
  const head = shownColumns
    .map(({ c, i }) => {
      const key = c.endsWith(MINOR) ? c.slice(0, -MINOR.length) : c;
      return `<th scope="col"${figures(c, i) ? ' class="n"' : ''}>${escapeHtml(words.t(`columns.${key}`, { defaultValue: key }))}</th>`;
    })
    .join('');
  const body = data.rows
    .map((row) => {
      const currency = currencyAt >= 0 ? String(row[currencyAt]) : null;
      const cells = shownColumns.map(
        ({ c, i }) => `<td${isNumber(c, row[i]!) ? ' class="n"' : ''}>${shown(words, c, row[i]!, currency)}</td>`,
      );
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function page(words: Words, body: string): string {
  const title = words.t('title');
  return `<!doctype html>
<html lang="${words.language}" dir="${words.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — eSIM Counter</title><link rel="stylesheet" href="/style.css"></head>
<body><header class="topbar"><span class="brand">eSIM Counter</span><h1>${escapeHtml(title)}</h1></header><main>
${body}
</main></body></html>`;
}

/** The counter's colours and type: its `:root` rule, read once from its stylesheet. */
function counterRoot(): string {
  const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../renderer/src/styles/base.css'), 'utf8');
  const root = /:root\s*\{[^}]*\}/.exec(css);
  if (!root) throw new Error('renderer/src/styles/base.css has no :root rule for the head office to take its look from.');
  return root[0];
}

export const STYLE = `${counterRoot()}
* { box-sizing: border-box; }
body { margin: 0; font-size: 0.9rem; line-height: 1.45; }
.topbar { display: flex; align-items: baseline; gap: 1.25rem; padding: 0.75rem 1.25rem; background: var(--ink); color: #fff; }
.brand { font-weight: 700; font-size: 1.2rem; letter-spacing: 0.01em; }
h1 { margin: 0; font-size: 1.2rem; font-weight: 600; }
main { padding: 1rem 1.25rem 2rem; max-width: 90rem; margin-inline: auto; }
.lead { color: var(--ink-soft); margin: 0 0 1rem; }
form { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; margin-block-end: 1rem; padding: 0.75rem 1rem;
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); }
form h2 { flex-basis: 100%; margin: 0; font-size: 1rem; }
label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; color: var(--ink-soft); }
input, select, button { font: inherit; font-size: 1rem; padding: 0.4rem 0.6rem; min-height: 2.5rem; border: 1px solid var(--line);
  border-radius: 8px; color: var(--ink); background: var(--card); }
button { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); font-weight: 600; padding-inline: 1.25rem; cursor: pointer; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
section, figure { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 0.75rem 1rem 1rem;
  margin: 0 0 1rem; overflow-x: auto; }
h2 { font-size: 1.1rem; margin: 0 0 0.5rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; }
a { color: var(--accent); }
a.csv { font-size: 0.85rem; font-weight: 400; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; vertical-align: top; padding: 0.35rem 0.5rem; border-block-end: 1px solid var(--line); overflow-wrap: break-word; }
th { font-size: 0.8rem; font-weight: 600; color: var(--ink-soft); }
td.n, th.n { text-align: end; }
td.n { font-variant-numeric: tabular-nums; }
.amount { white-space: nowrap; }
tbody tr:nth-child(even) { background: var(--paper); }
.total { font-weight: 600; margin: 0.5rem 0 0; }
.empty { color: var(--ink-soft); }
.problem { color: var(--bad); background: var(--bad-bg); padding: 0.5rem 0.75rem; border-radius: 8px; }
figure svg { display: block; width: 100%; height: auto; direction: ltr; }
figcaption { font-weight: 600; font-size: 1.1rem; margin-block-end: 0.5rem; }
.chart-note { color: var(--ink-soft); margin: 0.25rem 0 0; }
.axis text { font-size: 11px; fill: var(--ink-soft); }
.axis line { stroke: var(--line); }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; padding: 0; margin: 0.5rem 0 0; }
.swatch { display: inline-block; width: 0.8rem; height: 0.8rem; border-radius: 3px; margin-inline-end: 0.35rem; vertical-align: -0.1rem; }
.s0 { fill: var(--accent); background: var(--accent); }
.s1 { fill: var(--good); background: var(--good); }
.s2 { fill: var(--warn); background: var(--warn); }
.s3 { fill: var(--ink); background: var(--ink); }
.s4 { fill: #7c3aed; background: #7c3aed; }
.s5 { fill: #0e7490; background: #0e7490; }
.s6 { fill: var(--bad); background: var(--bad); }
.s7 { fill: var(--ink-soft); background: var(--ink-soft); }
`;
