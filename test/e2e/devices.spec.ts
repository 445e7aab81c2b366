import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openByShortcut } from './counter-helpers.ts';

test('device check: instant, typo-tolerant answer with what else to check', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 4, 'Device check');
  const search = page.getByRole('combobox', { name: 'Customer’s phone' });
  await expect(search).toBeFocused();

  await page.keyboard.type('iphone 15');
  const results = page.getByRole('listbox', { name: 'Compatible devices' });
  await expect(results.getByRole('option').first()).toContainText(/iPhone 15/);
  await expect(page.getByRole('heading', { name: 'Supported' })).toBeVisible();
  await expect(page.getByText(/Carrier lock/)).toBeVisible();
  await expect(page.getByText(/EID\./)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('devices-supported.png') });

  // A typo still finds the closest matches; the clerk picks the customer's model with the arrow keys.
  await search.fill('galxy s23');
  await expect(results.getByRole('option').first()).toContainText(/Galaxy/);
  await expect(page.getByText(/Closest matches on the list/)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('heading', { name: 'Supported' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');

  await search.fill('zzqx 3000');
  await expect(page.getByRole('heading', { name: 'Not listed' })).toBeVisible();
  await expect(page.getByText(/is not on the compatible-device list/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('devices-not-listed.png') });

  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
});
