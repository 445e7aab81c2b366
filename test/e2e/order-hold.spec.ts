/**
 * The service's wait on orders (a 429 with Retry-After on a sale) holds every order of the counter:
 * a second tab open at Sell is told at once and counts the wait down, takes no sale meanwhile,
 * and sells again when the wait is over.
 */
import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

/** The seconds the banner says are left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = await page.getByTestId('order-hold-banner').innerText();
  return Number(/(\d+) seconds? left/.exec(text)?.[1] ?? NaN);
}

test('a 429 on one tab’s sale is counted down on a second clerk’s tab, which sells again once the wait is over', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const second = await page.context().newPage();
  await second.goto(app.url);
  await expect(second.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await openCountry(second, 'jap', 'Japan');
  await expect(second.getByTestId('order-hold-banner')).toHaveCount(0);

  await openCountry(page, 'jap', 'Japan');
  await sandbox.post('/faults', { match: { method: 'POST', path: '^/v2/orders$' }, kind: 'status', status: 429, retryAfter: 7 });
  const held = await sellFocusedPackage(page);
  expect(held).toMatchObject({ status: 'failed', failure: { code: 'rate_limited' } });

  // The second tab hears it from the backend (its own readiness check comes only every 15 s).
  const banner = second.getByTestId('order-hold-banner');
  await expect(banner).toBeVisible({ timeout: 3_000 });
  await expect(banner).toHaveAttribute('role', 'timer');
  await expect(banner).toContainText('Sales are paused:');
  await expect(banner).toContainText('Do not take the customer’s payment');
  const first = await secondsLeft(second);
  expect(first).toBeGreaterThanOrEqual(4);
  expect(first).toBeLessThanOrEqual(7);
  await expect.poll(() => secondsLeft(second)).toBeLessThan(first);
  await second.screenshot({ path: test.info().outputPath('order-hold.png') });

  // Over by itself: the banner goes, and the next sale is sent and completes.
  await expect(banner).toHaveCount(0);
  const sold = await sellFocusedPackage(second);
  expect(sold.status).toBe('completed');
});
