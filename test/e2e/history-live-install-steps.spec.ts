import type { Page } from '@playwright/test';
import type { PackageOffer } from '../../shared/catalog.ts';
import type { SaleView } from '../../shared/sales.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { openByShortcut, rpc, sellThroughApi } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

/** A sale made beside the page (another till): the backend's session is the page's clerk's. */
async function sellBeside(app: RunningApp, extra: { customerEmail?: string } = {}): Promise<SaleView> {
  const offers = await rpc<PackageOffer[]>(app, 'catalog.packages', { country: 'FR', type: 'local' });
  const sale = await rpc<SaleView>(app, 'sales.create', { packageId: offers[0]!.id, paymentMethod: 'card', ...extra });
  expect(sale.status).toBe('completed');
  return sale;
}

/** Set before the sales are made: still there afterwards means the page was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const pageMark = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);

test('history: sales made while the list is open appear without a reload; search, open sale, focus and scroll stay', async ({
  page,
  app,
}) => {
  const earlier: SaleView[] = [];
  for (let n = 0; n < 10; n++) earlier.push(await sellThroughApi(app));
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 5, 'History');
  await expect(page.getByRole('heading', { name: /Today’s sales · 10 sales/ })).toBeVisible();
  await markPage(page);

  // The clerk has a sale open and the focus on a row further down the list.
  const opened = earlier[0]!;
  await page.getByRole('button', { name: `Open sale ${opened.reference}` }).click();
  const detail = page.getByRole('region', { name: `${opened.packageData} · ${opened.packageDays} days` });
  await expect(detail).toContainText(opened.reference);
  const row = page.getByRole('button', { name: `Open sale ${earlier[1]!.reference}` });
  await row.focus();
  await page.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  const lists: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/history.search')) lists.push(r.postData() ?? '');
  });
  const sold = await sellBeside(app);
  await expect(page.getByRole('heading', { name: /Today’s sales · 11 sales/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Open sale ${sold.reference}` })).toBeVisible();
  await expect(detail).toContainText(opened.reference);
  await expect(row).toBeFocused();
  // Not back at the top: the list was updated in place, not loaded again.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);
  // submitting and completed come within moments: one request, two if the sale outlasted the window.
  expect(lists.length).toBeGreaterThanOrEqual(1);
  expect(lists.length).toBeLessThanOrEqual(2);
  expect(lists.every((body) => 'from' in (JSON.parse(body) as object))).toBe(true);

  // With a search typed, a new matching sale joins the results and the search text stays.
  const search = page.getByRole('searchbox', { name: /Search by ICCID/ });
  await search.fill('walk-in@example.com');
  await expect(page.getByRole('heading', { name: /Sales matching “walk-in@example\.com” \(all days\) · 0 sales/ })).toBeVisible();
  const matching = await sellBeside(app, { customerEmail: 'walk-in@example.com' });
  await expect(page.getByRole('heading', { name: /Sales matching “walk-in@example\.com” \(all days\) · 1 sale$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Open sale ${matching.reference}` })).toBeVisible();
  await expect(search).toHaveValue('walk-in@example.com');
  expect(await pageMark(page)).toBe(42);
});

test('installation steps: the eSIM service’s steps on the sold eSIM, codes only while it is revealed', async ({ page, app }) => {
  // Sold by the manager first, so the clerk sees its codes masked in the history below.
  const other = await sellThroughApi(app, DEMO_STAFF.manager);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page);
  const esim = sale.esims[0]!;
  const [, smdp, code] = esim.qrcode!.split('$');
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();

  // Closed, the short built-in steps show and nothing is asked of the service.
  const shortSteps = page.getByRole('list', { name: 'Install steps' });
  await expect(shortSteps).toContainText('Connect to Wi-Fi');
  const steps = page.locator('.install-guide');
  await expect(steps.getByText('Tap "Continue" twice')).toHaveCount(0);

  // A failed call is said in words, the short steps stay, and Try again gets the steps.
  const sandbox = await sandboxOf(app);
  const path = `/v2/sims/${esim.iccid}/instructions`;
  await sandbox.post('/faults', { match: { method: 'GET', path }, kind: 'status', status: 503, times: 20 });
  await page.locator('summary', { hasText: 'Installation steps' }).click();
  await expect(steps.getByRole('alert')).toContainText('The eSIM service');
  await expect(shortSteps).toBeVisible();
  await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
  await steps.getByRole('button', { name: 'Try again' }).click();

  // The sandbox's own iPhone steps (electron/sandbox/data/instructions.ts), not the built-in ones.
  await expect(steps.getByText('Tap "Continue" twice and wait for a while.', { exact: false })).toBeVisible();
  await expect(shortSteps).toHaveCount(0);
  // Revealed at the sale: the manual steps with the SM-DP+ address and activation code.
  await expect(steps.getByRole('heading', { name: 'By hand, without the QR code' })).toBeVisible();
  await expect(steps.getByText(`Enter your SM-DP+ Address: ${smdp} and Activation Code: ${code}.`)).toBeVisible();

  await steps.getByRole('button', { name: 'Android' }).click();
  await expect(steps.getByText('Tap "Scan carrier QR code" and tap "Add".')).toBeVisible();
  await steps.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(steps.getByText('Gehe zu Einstellungen > Verbindungen > SIM-Kartenverwaltung.').first()).toBeVisible();
  await steps.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await steps.getByRole('button', { name: 'iPhone' }).click();
  await expect(steps.getByText('Tap "Continue" twice', { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('install-steps-sale.png'), fullPage: true });

  // In the history, a sale whose codes are hidden shows the steps without them.
  await openByShortcut(page, 5, 'History');
  await page.getByRole('button', { name: `Open sale ${other.reference}` }).click();
  await expect(page.getByText(/The QR code is hidden/)).toBeVisible();
  // The eSIM's packages and its delivery are asked of the service and drawn above the steps: until
  // both have answered, the steps' summary moves down, and a click aimed at it lands on what came in.
  await expect(page.locator('.sale-detail').getByText(/^Asking the eSIM service/)).toHaveCount(0);
  await page.locator('summary', { hasText: 'Installation steps' }).click();
  const masked = page.locator('.sale-detail .install-guide');
  await expect(masked.getByText('Scan the QR code.', { exact: true }).first()).toBeVisible();
  await expect(masked.getByText(/hidden, like its QR code/)).toBeVisible();
  await expect(masked.getByRole('heading', { name: 'By hand, without the QR code' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('install-steps-history-masked.png'), fullPage: true });
  // The service writes that eSIM's activation code into its steps; the clerk who did not sell it
  // gets neither the code from the backend nor a trace of it on the page.
  const otherCode = other.esims[0]!.qrcode!.split('$')[2]!;
  const answer = (await rpc(app, 'esims.instructions', { iccid: other.esims[0]!.iccid, language: 'en' })) as {
    manualHidden: boolean;
  };
  expect(answer.manualHidden).toBe(true);
  expect(JSON.stringify(answer)).not.toContain(otherCode);
  await expect(page.locator('body')).not.toContainText(otherCode);
});
