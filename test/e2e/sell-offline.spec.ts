import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry } from './sell-helpers.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import type { Page } from '@playwright/test';

/** A clerk at Sell with a country's packages open; the sandbox's control API at hand. */
async function clerkAtCountry(page: Page, app: RunningApp, query: string, name: string) {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, query, name);
  return sandbox;
}

test('the service unreachable: Sell and Top up say so before any payment, Sell is off, and it all comes back by itself', async ({
  page,
  app,
}) => {
  const sandbox = await clerkAtCountry(page, app, 'fra', 'France');

  // Every connection to the service is cut from now on, the backend's probes too.
  await sandbox.post('/faults', { match: { path: '/' }, kind: 'reset-before', times: 100_000 });
  const banner = page.getByTestId('unreachable-banner');
  await expect(banner).toBeVisible({ timeout: 25_000 });
  await expect(banner).toContainText('The eSIM service cannot be reached since');
  await expect(banner).toContainText('Do not take the customer’s payment');
  // Read out at once by a screen reader: an alert.
  await expect(banner).toHaveAttribute('role', 'alert');

  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sell for/ })).toBeDisabled();
  await expect(page.getByTestId('confirm-blocked')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sell-unreachable.png') });
  // Enter does not sell either.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();

  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(page.getByTestId('unreachable-banner')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('topup-unreachable.png') });

  // The service answers again: the notice goes within the probe interval, and selling is on.
  await sandbox.clearFaults();
  const back = Date.now();
  await expect(page.getByTestId('unreachable-banner')).toHaveCount(0);
  expect(Date.now() - back).toBeLessThan(17_000);
  // A banner that goes says nothing by itself: a polite live region tells a screen reader.
  await expect(page.getByRole('status').filter({ hasText: 'You can sell again.' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Sell' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sell for/ })).toBeEnabled();
  await page.getByRole('button', { name: /Sell for/ }).click();
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
});

test('a sale still being checked stays in view for the next person, and after a restart Sell says how it was settled', async ({
  page,
  app,
}) => {
  const sandbox = await clerkAtCountry(page, app, 'ger', 'Germany');
  // The order is taken but its answer is lost, and the look-ups fail: the sale stays uncertain.
  await sandbox.post('/faults', { match: { method: 'POST', path: '^/v2/orders$' }, kind: 'reset-after' });
  await sandbox.post('/faults', { match: { method: 'GET', path: '^/v2/orders$' }, kind: 'status', status: 503, times: 1000 });
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /Sell for/ }).click();
  await expect(page.getByText(/Checking with the eSIM service/)).toBeVisible({ timeout: 30_000 });
  const reference = (await page.locator('.confirm').innerText()).match(/EC-(?:[\w.]+-)?\d{8}-[0-9A-Z]{8}/)?.[0];

  // Another person at the counter: the sale is still in view, with its reference, not its eSIM.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.manager);
  await page.getByRole('link', { name: 'Sell' }).click();
  const aside = page.getByRole('note', { name: 'Sales being checked' });
  await expect(aside).toContainText('Still being checked');
  if (reference) await expect(aside).toContainText(reference);
  await page.screenshot({ path: test.info().outputPath('aside-after-staff-change.png') });

  // The app stops and starts again: the start finds the order and says so on Sell.
  await app.stop();
  const again = await startBrowserMode({ dataDir: app.dataDir });
  try {
    await page.goto(again.url);
    await signIn(page, DEMO_STAFF.clerk);
    const summary = page.getByTestId('pending-at-start');
    await expect(summary).toContainText('1 sale was unfinished');
    await expect(summary).toContainText('1 was completed');
    await expect(page.getByRole('note', { name: 'Sales being checked' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('settled-at-start.png') });
    await summary.getByRole('button', { name: 'Understood' }).click();
    await expect(summary).toHaveCount(0);
    // Understood is remembered for this start: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
    await expect(page.getByTestId('pending-at-start')).toHaveCount(0);
  } finally {
    await again.stop();
  }
});
