/**
 * The head office's page: the manager's reports across stores, served on 127.0.0.1 like the
 * counter's browser mode (electron/backend/web/host.ts): the Host header must name this port, other sites'
 * requests are refused, and a launch key made at every start opens it. The key comes once in the
 * printed address (?key=…) and is then kept in a same-site, HTTP-only cookie, so the CSV links
 * work as plain links. The page is server-rendered HTML in the browser's language among the counter's
 * (Accept-Language; docs/head-office.md).
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serve, type ServerType } from '@hono/node-server';
import type pg from 'pg';
import { toCsv } from '../../shared/csv.ts';
import { ENVIRONMENTS } from '../../shared/environments.ts';
import type { Environment } from '../../shared/contract.ts';
import { revenueCharts } from './chart.ts';
import { STYLE, escapeHtml, page, renderTable } from './html.ts';
import { TABLE_REPORTS, csvTable, storeReport, type ReportQuery, type Table, type TableReportName } from './reports.ts';
import { wordsFor, type Words } from './words.ts';

export type HeadOfficeHost = { readonly port: number; readonly url: string; close(): Promise<void> };

const COOKIE = 'headoffice_key';

export async function startHeadOfficeHost(options: { pool: pg.Pool; port?: number; secret?: string }): Promise<HeadOfficeHost> {
  const secret = options.secret ?? crypto.randomBytes(24).toString('base64url');
  let port = 0;
  const app = createHeadOfficeApp(options.pool, secret, () => port);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/?key=${secret}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export function createHeadOfficeApp(pool: pg.Pool, secret: string, currentPort: () => number): Hono {
  const app = new Hono();
  const expected = Buffer.from(secret);
  const holds = (given: string | undefined) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.length === expected.length && crypto.timingSafeEqual(bytes, expected);
  };

  app.use('*', async (c, next) => {
    const port = currentPort();
    if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(c.req.header('host') ?? '')) {
      return c.text('This address is not served here.', 403);
    }
    if (c.req.header('sec-fetch-site') === 'cross-site') return c.text('Requests from other sites are refused.', 403);
    const key = c.req.query('key');
    if (key !== undefined) {
      if (!holds(key)) return c.text('This key does not open the head office. Use the address printed at its start.', 401);
      setCookie(c, COOKIE, secret, { httpOnly: true, sameSite: 'Strict', path: '/' });
      return c.redirect('/', 303);
    }
    if (!holds(getCookie(c, COOKIE))) {
      return c.text('Open the address printed when the head office started (it carries its key).', 401);
    }
    await next();
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });

  app.get('/style.css', (c) => c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8' }));

  app.get('/', async (c) => {
    const words = wordsFor(c.req.header('accept-language'));
    c.header('Vary', 'Accept-Language');
    const query = queryOf(c);
    if (typeof query === 'string') {
      return c.html(page(words, `<p class="problem">${escapeHtml(words.t(`problems.${query}`))}</p>`), 400);
    }
    const summary = await storeReport(pool, query);
    const tables = new Map<TableReportName, Table>();
    for (const [name, run] of Object.entries(TABLE_REPORTS)) tables.set(name as TableReportName, await run(pool, query));
    const sections = [
      `<p class="lead">${escapeHtml(words.t('lead'))}</p>`,
      form(words, query),
      section(
        words,
        'summary',
        query,
        summaryTable(summary.stores),
        words.t('total', { sales: words.number(summary.total.sales), esims: words.number(summary.total.esims) }),
      ),
      revenueCharts(words, tables.get('store-day')!, query),
      ...[...tables].map(([name, data]) => section(words, name, query, data)),
    ];
    return c.html(page(words, sections.join('\n')));
  });

  app.get('/api/report', async (c) => {
    const query = queryOf(c);
    if (typeof query === 'string') return c.json({ error: wordsFor('en').t(`problems.${query}`) }, 400);
    return c.json(await storeReport(pool, query));
  });

  app.get('/csv/:name', async (c) => {
    const query = queryOf(c);
    if (typeof query === 'string') return c.text(wordsFor('en').t(`problems.${query}`), 400);
    const name = c.req.param('name');
    let result: Table;
    if (name === 'summary') result = summaryTable((await storeReport(pool, query)).stores);
    else if (Object.hasOwn(TABLE_REPORTS, name)) result = await TABLE_REPORTS[name as TableReportName](pool, query);
    else return c.text('There is no such report.', 404);
    const filename = `headoffice-${name}-${query.environment}-${query.from}-${query.to}.csv`;
    const csv = csvTable(result);
    return c.body(toCsv(csv.rows, { columns: csv.columns }), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });
  return app;
}

function summaryTable(stores: Awaited<ReturnType<typeof storeReport>>['stores']): Table {
  return {
    columns: ['store_id', 'sales', 'esims', 'revenue_minor', 'currency'],
    rows: stores.map((s) => [s.storeId, s.sales, s.esims, s.revenueMinor, s.currency]),
  };
}

type Problem = 'dates' | 'order' | 'environment';

/** From, to and environment from the address; the last 30 days of Production by default. */
function queryOf(c: Context): ReportQuery | Problem {
  const today = new Date().toISOString().slice(0, 10);
  const from = c.req.query('from') || new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const to = c.req.query('to') || today;
  const environment = (c.req.query('environment') || 'production') as Environment;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'dates';
  if (from > to) return 'order';
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) return 'environment';
  return { from, to, environment };
}

function form(words: Words, q: ReportQuery): string {
  const options = ENVIRONMENTS.map(
    (e) => `<option value="${e}"${e === q.environment ? ' selected' : ''}>${escapeHtml(words.t(`environments.${e}`))}</option>`,
  ).join('');
  const label = (key: string) => escapeHtml(words.t(key));
  return `<form method="get" action="/" aria-labelledby="h-period">
  <h2 id="h-period">${label('period')}</h2>
  <label>${label('from')} <input type="date" name="from" value="${q.from}" required></label>
  <label>${label('to')} <input type="date" name="to" value="${q.to}" required></label>
  <label>${label('environment')} <select name="environment">${options}</select></label>
  <button type="submit">${label('show')}</button>
</form>`;
}

function section(words: Words, name: string, q: ReportQuery, data: Table, footer?: string): string {
  const csv = `/csv/${name}?${new URLSearchParams({ from: q.from, to: q.to, environment: q.environment }).toString()}`;
  const title = words.t(`reports.${name}`);
  return `<section aria-labelledby="h-${name}">
  <h2><span id="h-${name}">${escapeHtml(title)}</span> <a class="csv" href="${escapeHtml(csv)}" aria-label="${escapeHtml(words.t('csv', { report: title }))}">CSV</a></h2>
  ${renderTable(data, words)}
  ${footer ? `<p class="total">${escapeHtml(footer)}</p>` : ''}
</section>`;
}
