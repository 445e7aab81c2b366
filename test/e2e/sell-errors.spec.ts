import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry } from './sell-helpers.ts';

async function toConfirm(page: Page) {
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
}

test('out of stock: the sale fails in words, nothing is issued, and the clerk can pick another package', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const { packageId } = await openCountry(page, 'jap', 'Japan');
  await sandbox.post('/stock', { package_id: packageId, quantity: 0 });
  await toConfirm(page);
  await page.getByRole('button', { name: /Sell for/ }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The sale did not go through.');
  // The stock limit comes back as the service's own validation text (code 33/34 only for its test ids).
  await expect(alert).toContainText(/quantity is not available|sold out|out of stock/);
  await expect(alert).toContainText('Choose another package');
  await expect(alert).toContainText('No eSIM was issued');
  await expect(page.getByRole('button', { name: /Sell for/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('out-of-stock.png') });

  // Escape (or the button) goes back to the packages with a fresh checkout.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Packages' }).getByRole('button').first()).toBeFocused();
});

test('service down while selling: the screen says it is checking and offers no way to sell again', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  // The order request fails with 503 (not processed) and so does every look-up that follows.
  await sandbox.post('/faults', { match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 503 });
  await sandbox.post('/faults', { match: { method: 'GET', path: '/v2/orders' }, kind: 'status', status: 503, times: 100 });
  await toConfirm(page);
  await page.getByRole('button', { name: /Sell for/ }).click();

  await expect(page.getByText('Checking with the eSIM service — do not sell again.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Sell for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  // Escape does not leave an unsettled sale either.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('uncertain.png') });
  // The screen keeps looking the sale up by itself.
  const lookup = page.waitForRequest((r) => r.url().endsWith('/rpc/sales.get'), { timeout: 10_000 });
  await lookup;
});
