import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { openCountry } from './sell-helpers.ts';
import { sandboxOf } from './sandbox-control.ts';

const SHORT = 'The shop’s credit with the eSIM service cannot pay for this order.';

/** Two dollars of credit, less than any package or top-up costs the shop, and no floor set by a manager. */
async function clerkWithTwoDollars(page: Page, app: RunningApp): Promise<void> {
  await (await sandboxOf(app)).post('/balance', { amount: 2 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
}

test('Sell: a credit too small for the order is said on Details, above the payment, and Confirm cannot sell', async ({
  page,
  app,
}) => {
  await clerkWithTwoDollars(page, app);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  const notice = page.getByTestId('credit-short');
  await expect(notice).toContainText(SHORT);
  await expect(notice).toContainText('Do not take the customer’s payment');
  expect((await notice.boundingBox())!.y).toBeLessThan((await page.getByRole('radio', { name: 'Cash' }).boundingBox())!.y);
  await page.screenshot({ path: test.info().outputPath('credit-short-details.png') });
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sell for/ })).toBeDisabled();
});

test('Top up: a credit too small for the top-up is said at Confirm, where the payment is taken', async ({ page, app }) => {
  const sold = await sellThroughApi(app);
  await clerkWithTwoDollars(page, app);
  await page.getByRole('link', { name: 'Top up' }).click();
  const field = page.getByRole('textbox', { name: 'ICCID' });
  await field.fill(sold.esims[0]!.iccid);
  await field.press('Enter');
  await page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Confirm the top-up' })).toBeVisible();
  await expect(page.getByTestId('credit-short')).toContainText(SHORT);
  await page.getByRole('radio', { name: 'Cash' }).check();
  await expect(page.getByRole('button', { name: /^Top up for/ })).toBeDisabled();
});

test('Vouchers: Create stays off once a package the credit cannot pay for is chosen', async ({ page, app }) => {
  await clerkWithTwoDollars(page, app);
  await page.getByRole('navigation').getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('searchbox', { name: 'Find a package' }).fill('Japan');
  await page.getByRole('list', { name: 'Packages found' }).getByRole('button').first().click();
  await expect(page.getByTestId('credit-short')).toContainText(SHORT);
  await expect(page.getByRole('button', { name: 'Create vouchers' })).toBeDisabled();
});
