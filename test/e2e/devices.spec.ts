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

  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  // The system as its maker writes it.
  await expect(results.getByRole('option').first()).toContainText('iOS');

  // A typo in a word, the numbers right: the match the clerk sees is the verdict, asked as a question.
  await search.fill('ipone 13 mini');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText('Apple iPhone 13 mini');
  await expect(page.getByRole('heading', { name: 'Supported' })).toBeVisible();
  await expect(
    page.getByText('Did you mean Apple iPhone 13 mini? It is on the eSIM service’s compatible-device list.'),
  ).toBeVisible();
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('devices-did-you-mean.png') });

  // The arrow keys move the verdict to the row the clerk picks.
  await search.fill('galxy s23');
  await expect(results.getByRole('option').first()).toContainText(/Galaxy S23/);
  await expect(page.getByText(/Did you mean Samsung Galaxy S23/)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'false');
  const second = (await results.getByRole('option').nth(1).locator('.device-name').textContent())!;
  await expect(page.getByText(`${second} is on the eSIM service’s compatible-device list.`)).toBeVisible();

  // Not listed: the closest matches are offered, and none of them looks chosen.
  await search.fill('Nokia 3310');
  await expect(page.getByRole('heading', { name: 'Not listed' })).toBeVisible();
  await expect(results.getByRole('option').first()).toContainText('Nokia');
  await expect(page.getByText(/Closest matches on the list/)).toBeVisible();
  await expect(results.locator('[aria-selected="true"]')).toHaveCount(0);
  await expect(results.locator('.device.active')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('devices-not-listed.png') });
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Supported' })).toBeVisible();

  await search.fill('zzqx 3000');
  await expect(page.getByRole('heading', { name: 'Not listed' })).toBeVisible();
  await expect(page.getByText(/is not on the compatible-device list/)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
});

test('device check: a phone found by the model number its settings show, whole or in part', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 4, 'Device check');
  const search = page.getByRole('combobox', { name: 'Customer’s phone' });
  const results = page.getByRole('listbox', { name: 'Compatible devices' });

  for (const [typed, phone, number] of [
    ['SM-S918B', 'Samsung Galaxy S23 Ultra', 'SM-S918B'],
    ['S918', 'Samsung Galaxy S23 Ultra', 'SM-S918B'],
    ['A2849', 'Apple iPhone 15 Pro Max', 'A2849'],
    ['GWKK3', 'Google Pixel 7a', 'GWKK3'],
  ] as const) {
    await search.fill(typed);
    await expect(results.getByRole('option').first(), typed).toContainText(phone);
    await expect(results.getByRole('option').first(), typed).toContainText(number);
    await expect(page.getByRole('heading', { name: 'Supported' }), typed).toBeVisible();
    await expect(page.getByText(`${phone} (${number}) is on the eSIM service’s compatible-device list.`), typed).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('devices-model-number.png') });
});
