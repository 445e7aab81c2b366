/**
 * Revenue per store and day as bars, drawn on the server as SVG (the page runs no script): one chart
 * per currency, since amounts in two currencies are never added or set against each other. Its
 * accessible alternative is the "By store and day" table on the same page, which it names.
 */
import { addDays } from '../../shared/clock.ts';
import { escapeHtml } from './html.ts';
import type { ReportQuery, Table } from './reports.ts';
import type { Words } from './words.ts';

const WIDTH = 760;
const HEIGHT = 240;
const PLOT = { left: 84, right: 8, top: 10, bottom: 26 };
/** The stylesheet's .s0 … .s7. */
const COLOURS = 8;

type Series = { days: string[]; stores: string[]; revenue: Map<string, number> };

function seriesByCurrency(storeDay: Table, q: ReportQuery): Map<string, Series> {
  const at = (name: string) => storeDay.columns.indexOf(name);
  const [store, date, kind, currency, revenue] = ['store_id', 'date', 'kind', 'currency', 'revenue_minor'].map(at) as number[];
  const days: string[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) days.push(d);
  const out = new Map<string, Series>();
  for (const row of storeDay.rows) {
    if (row[kind!] !== 'sale') continue;
    const c = String(row[currency!]);
    let s = out.get(c);
    if (!s) out.set(c, (s = { days, stores: [], revenue: new Map() }));
    const id = String(row[store!]);
    if (!s.stores.includes(id)) s.stores.push(id);
    const key = `${id}|${String(row[date!])}`;
    s.revenue.set(key, (s.revenue.get(key) ?? 0) + Number(row[revenue!]));
  }
  for (const s of out.values()) s.stores.sort();
  return out;
}

/** A round top for the axis (1, 2 or 5 times a power of ten) at or above `max`. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * step).find((v) => v >= max)!;
}

function chart(words: Words, currency: string, s: Series, index: number): string {
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const top = niceTop(Math.max(...s.revenue.values()));
  const y = (minor: number) => PLOT.top + plotHeight - (minor / top) * plotHeight;
  const group = plotWidth / s.days.length;
  const bar = (group * 0.8) / s.stores.length;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const minor = Math.round(top * f);
    return `<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(minor)}" y2="${y(minor)}"/><text x="${PLOT.left - 6}" y="${y(minor) + 4}" text-anchor="end">${escapeHtml(words.money({ minor, currency }))}</text>`;
  });
  const every = Math.ceil(s.days.length / 10);
  const labels = s.days
    .map((d, i) =>
      i % every === 0
        ? `<text x="${PLOT.left + group * (i + 0.5)}" y="${HEIGHT - 8}" text-anchor="middle">${escapeHtml(words.shortDay(d))}</text>`
        : '',
    )
    .join('');
  const bars = s.days.flatMap((d, i) =>
    s.stores.flatMap((store, j) => {
      const minor = s.revenue.get(`${store}|${d}`);
      if (!minor) return [];
      const x = PLOT.left + group * i + group * 0.1 + bar * j;
      const tip = `${store} · ${words.day(d)}: ${words.money({ minor, currency })}`;
      return [
        `<rect class="s${j % COLOURS}" x="${x.toFixed(1)}" y="${y(minor).toFixed(1)}" width="${bar.toFixed(1)}" height="${(PLOT.top + plotHeight - y(minor)).toFixed(1)}"><title>${escapeHtml(tip)}</title></rect>`,
      ];
    }),
  );
  const id = `chart-${index}`;
  const title = words.t('chart.title', { currency });
  const legend = s.stores
    .map((store, j) => `<li><span class="swatch s${j % COLOURS}" aria-hidden="true"></span>${escapeHtml(store)}</li>`)
    .join('');
  return `<figure aria-labelledby="${id}-caption">
  <figcaption id="${id}-caption">${escapeHtml(title)}</figcaption>
  <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc">
    <title id="${id}-title">${escapeHtml(title)}</title>
    <g class="axis">${ticks.join('')}${labels}</g>
    <g>${bars.join('')}</g>
  </svg>
  <ul class="legend" aria-label="${escapeHtml(words.t('chart.legend'))}">${legend}</ul>
  <p class="chart-note" id="${id}-desc">${escapeHtml(words.t('chart.description', { currency }))}</p>
</figure>`;
}

/** The charts of revenue per store and day, one per currency; nothing when nothing was sold. */
export function revenueCharts(words: Words, storeDay: Table, q: ReportQuery): string {
  return [...seriesByCurrency(storeDay, q)].map(([currency, s], i) => chart(words, currency, s, i)).join('\n');
}
