import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry } from './sell-helpers.ts';

test('Details by keyboard: the focus starts at the quantity, Tab goes in screen order, the chosen and focused tiles show', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toBeFocused();

  // The arrow keys and digits act on the quantity where the focus is, not on the payment.
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await page.keyboard.press('3');
  await expect(quantity).toHaveValue('3');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'One less' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'One more' })).toBeFocused();
  await page.keyboard.press('Tab');
  const cash = page.getByRole('radio', { name: 'Cash' });
  await expect(cash).toBeFocused();
  // The focus ring is on the tile, so a clerk sees where the arrow keys will act.
  const ring = (name: string) =>
    page
      .locator('label.choice-tile', { hasText: name })
      .evaluate((tile) => getComputedStyle(tile).outlineStyle !== 'none' && getComputedStyle(tile).outlineWidth !== '0px');
  expect(await ring('Cash')).toBe(true);
  await page.keyboard.press('ArrowRight');
  const card = page.getByRole('radio', { name: 'Card' });
  await expect(card).toBeChecked();
  const chosen = page.locator('label.choice-tile.chosen');
  await expect(chosen).toHaveText(/Card/);
  await expect(chosen).toHaveCSS('background-color', 'rgb(11, 107, 203)');
  expect(await ring('Card')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('details-keyboard.png') });
  await page.keyboard.press('Tab');
  const email = page.getByRole('textbox', { name: /Customer e-mail/ });
  await expect(email).toBeFocused();
  // An address the backend would refuse (no dot in the domain) is caught here, before Confirm.
  await email.fill('traveller@example');
  await page.keyboard.press('Enter');
  await expect(page.getByText('That e-mail address does not look right.', { exact: false })).toBeVisible();
  await expect(email).toBeFocused();
  await email.fill('');

  // Enter continues; Escape from Confirm lands back on the quantity with everything kept.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sell for/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveValue('3');
  await expect(card).toBeChecked();
});
