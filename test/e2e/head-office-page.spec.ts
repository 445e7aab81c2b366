/**
 * The head office's page as a chain's manager reads it, against a real PostgreSQL: the counter's
 * look, the browser's language (English, and Arabic right to left), money in its currency's
 * format, words for headings, revenue per store and day charted, every table inside its card from
 * 1024 px up and no axe violation; the CSVs keep ids for headers and decimals for amounts.
 */
import { test as base, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { Shipper } from '../../electron/backend/chain/shipper.ts';
import { startHeadOfficeHost, type HeadOfficeHost } from '../../electron/headoffice/web.ts';
import { formatMoney } from '../../shared/money.ts';
import { NO_POSTGRES, counterJournal, journalTotals, startHeadOffice, type HeadOffice } from '../support/chain.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { expect } from './fixtures.ts';

type Fixture = { ho: HeadOffice; host: HeadOfficeHost; lhr: ReturnType<typeof journalTotals> };

const test = base.extend<object, { office: Fixture }>({
  office: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const ho = await startHeadOffice();
      let lhr!: ReturnType<typeof journalTotals>;
      for (const [storeId, storeName, sales, seed] of [
        ['LHR', 'Heathrow T5', 200, 21],
        ['CDG', 'Charles de Gaulle T2', 120, 7],
      ] as const) {
        const url = await ho.storeUrl(storeId);
        const j = counterJournal({ sales, days: 3, end: Date.parse('2026-11-21T00:00:00Z'), seed });
        if (storeId === 'LHR') lhr = journalTotals(j.db);
        const shipper = new Shipper({
          db: j.db,
          environment: 'production',
          target: () => ({ storeId, counterId: 'K1', url }),
          counter: () => ({ storeName, timeZone: 'UTC', currency: 'USD', appVersion: 'test' }),
        });
        while ((await shipper.shipOnce()) > 0);
        j.db.close();
      }
      // A close as a counter ships it: $193.50 counted against a $150 float, the card terminal $1 short.
      await ho.admin.query(
        `INSERT INTO chain.closes (store_id, counter_id, id, environment, version, local_date, sequence, time_zone, closed_at,
           closed_by, expected, counted_cash, cash_difference, note, report, reconciliation, float, tenders)
         VALUES ('LHR', 'K1', 'close-1', 'production', 1, '2026-11-20', 1, 'UTC', '2026-11-20T22:05:00Z', 'mgr',
           '[]', '[{"currency":"USD","minor":19350}]', '[{"currency":"USD","minor":-50}]', 'Till counted twice', '{}', '{}',
           '[{"currency":"USD","minor":15000}]', '[{"method":"card","currency":"USD","expected":5000,"counted":4900,"difference":-100}]')`,
      );
      const pool = new pg.Pool({ connectionString: ho.server.url, max: 4 });
      // pool.end() resolves before its connections have closed, so the server's stop may still cut one off; as in
      // the head office's CLI, that is heard here rather than ending the test worker.
      pool.on('error', () => undefined);
      const host = await startHeadOfficeHost({ pool });
      await use({ ho, host, lhr });
      await host.close();
      await pool.end();
      await ho.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.skip(NO_POSTGRES !== null, `no PostgreSQL here: ${NO_POSTGRES}`);

const PERIOD = '/?from=2026-11-14&to=2026-11-20&environment=production';

async function open(browser: Browser, host: HeadOfficeHost, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The printed address sets the key's cookie, then the period is asked for.
  await page.goto(host.url);
  await page.goto(new URL(PERIOD, host.url).toString());
  return page;
}

/** Each table wider than the card it sits in, as "heading: table px > card px". */
function tablesWiderThanCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('section')].flatMap((card) => {
      const table = card.querySelector('table');
      if (!table) return [];
      const room =
        card.clientWidth -
        parseFloat(getComputedStyle(card).paddingInlineStart) -
        parseFloat(getComputedStyle(card).paddingInlineEnd);
      return table.scrollWidth > Math.ceil(room)
        ? [`${card.querySelector('h2')?.firstChild?.textContent?.trim()}: ${table.scrollWidth} > ${room}`]
        : [];
    }),
  );
}

async function expectFitsAndPassesAxe(page: Page, where: string): Promise<void> {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(width);
    expect(await tablesWiderThanCards(page), `${where} at ${width} px: every table inside its card`).toEqual([]);
    await expectNoViolations(page, `${where} at ${width} px`);
  }
}

test('a manager reads the chain’s sales in words and money, charted, every table inside its card', async ({
  browser,
  office,
}) => {
  const page = await open(browser, office.host, 'en-GB');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Head office' })).toBeVisible();

  // Headings are words, never column ids; money is in its currency's format, never minor units.
  const summary = page.getByRole('region', { name: 'Sales by store' });
  await expect(summary.getByRole('columnheader')).toHaveText(['Store', 'Sales', 'eSIMs', 'Revenue']);
  await expect(summary.getByRole('row').filter({ hasText: 'LHR' })).toContainText(
    formatMoney({ minor: office.lhr.revenue, currency: 'USD' }, 'en-GB'),
  );
  const closes = page.getByRole('region', { name: 'Closes', exact: true });
  await expect(closes.getByRole('columnheader', { name: 'Cash counted' })).toBeVisible();
  await expect(closes.getByRole('columnheader', { name: 'Opening float' })).toBeVisible();
  const close = closes.getByRole('row').filter({ hasText: 'Till counted twice' });
  // A British manager's browser: dollars as "US$", days as "Fri, 20 Nov 2026".
  await expect(close).toContainText('US$193.50');
  await expect(close).toContainText('US$150.00');
  await expect(close).toContainText('Card -US$1.00');
  await expect(close).toContainText('Fri, 20 Nov 2026');
  const stores = page.getByRole('region', { name: 'Store against store' });
  await expect(stores.getByRole('columnheader', { name: 'Share' })).toBeVisible();
  await expect(stores.getByRole('row').filter({ hasText: 'LHR' })).toContainText('%');
  await expect(page.locator('th')).not.toContainText([/_| id$|minor|percent/]);

  // Revenue per store and day: one bar per store and day sold, each store in the legend.
  const chart = page.getByRole('img', { name: 'Revenue per store and day (USD)' });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('figure').getByRole('listitem')).toHaveText(['CDG', 'LHR']);
  const storeDays = await page
    .getByRole('region', { name: 'By store and day' })
    .getByRole('row')
    .filter({ hasText: 'Sale' })
    .count();
  await expect(chart.locator('rect')).toHaveCount(storeDays);
  await page.screenshot({ path: 'test-results/head-office-en-1280.png', fullPage: true });

  await expectFitsAndPassesAxe(page, 'the head office in English');
  await page.screenshot({ path: 'test-results/head-office-en-1024.png', fullPage: true });
  await page.screenshot({ path: 'test-results/head-office-en-1024-top.png' });
  await closes.screenshot({ path: 'test-results/head-office-en-1024-closes.png' });
  await page.getByRole('region', { name: 'Shipping health' }).screenshot({ path: 'test-results/head-office-en-1024-health.png' });

  // The CSVs a spreadsheet imports: ids for headers, amounts in decimals beside their currency.
  const csv = async (name: string) =>
    (await page.request.get(new URL(`/csv/${name}${PERIOD.slice(1)}`, office.host.url).toString())).text();
  const [header, ...lines] = (await csv('summary')).split('\n');
  expect(header).toBe('store_id,sales,esims,revenue,currency');
  expect(lines).toContain(`LHR,${office.lhr.sales},${office.lhr.esims},${(office.lhr.revenue / 100).toFixed(2)},USD`);
  expect((await csv('store-day')).split('\n')[0]).toBe('store_id,date,kind,currency,count,esims,revenue');
  expect(await csv('closes')).toContain('193.50 USD');
  await page.context().close();
});

test('the page follows the browser’s language: Arabic, right to left', async ({ browser, office }) => {
  const page = await open(browser, office.host, 'ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'المقر الرئيسي' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'المبيعات حسب المتجر' });
  await expect(summary.getByRole('columnheader', { name: 'الإيرادات' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'الإيرادات حسب المتجر واليوم (USD)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'عرض' })).toBeVisible();
  await page.screenshot({ path: 'test-results/head-office-ar-1280.png', fullPage: true });
  await expectFitsAndPassesAxe(page, 'the head office in Arabic');
  await page.screenshot({ path: 'test-results/head-office-ar-1024.png', fullPage: true });
  await page.screenshot({ path: 'test-results/head-office-ar-1024-top.png' });
  await page.getByRole('region', { name: 'الإغلاقات' }).screenshot({ path: 'test-results/head-office-ar-1024-closes.png' });
  await page.context().close();
});
