import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry } from './sell-helpers.ts';

test('the quantity is taken as typed or refused in words; above ten the words point to a group order', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toBeFocused();
  const problem = page.locator('#quantity-problem');

  for (const typed of ['0', '-5', '1e3', '2.5', 'two']) {
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially(typed);
    // Kept exactly as typed, never turned into another number.
    await expect(quantity).toHaveValue(typed);
    await expect(problem).toHaveText('Type how many eSIMs: a whole number from 1 to 10.');
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  }
  for (const typed of ['12', '999']) {
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially(typed);
    await expect(quantity).toHaveValue(typed);
    await expect(problem).toContainText('A counter sale takes up to 10 eSIMs. For more, tick “Tour group” below');
  }
  // Continue is refused while the quantity is wrong; the focus goes back to it.
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(quantity).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('quantity-refused.png') });

  // 12 typed, then a tour group: the 12 is taken as typed.
  await quantity.press('ControlOrMeta+a');
  await quantity.pressSequentially('12');
  await page.getByRole('checkbox', { name: /Tour group/ }).check();
  await expect(quantity).toHaveValue('12');
  await expect(problem).toHaveCount(0);
  await expect(page.getByText(/^Total /)).toBeVisible();
  await page.getByRole('checkbox', { name: /Tour group/ }).uncheck();

  // A quantity the counter takes: as typed, and the total follows.
  await quantity.press('ControlOrMeta+a');
  await quantity.pressSequentially('7');
  await expect(quantity).toHaveValue('7');
  await expect(problem).toHaveCount(0);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('7');
});
