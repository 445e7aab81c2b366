import type { Page } from '@playwright/test';
import type { SaleView } from '../../shared/sales.ts';
import { expect } from './fixtures.ts';

/**
 * Sell's packages are drawn after their heading, and the focus then moves to the first that can be
 * sold: a key pressed once this holds is that package's, in any language.
 */
export async function expectPackageFocused(page: Page): Promise<void> {
  await expect(page.locator('li[data-package-id] > button:focus')).toHaveCount(1);
}

/** Searches a country, Enter, and returns the first package card (local offers come first). */
export async function openCountry(page: Page, query: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill(query);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Packages for ${name}` })).toBeVisible();
  const first = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expectPackageFocused(page);
  return { card: first, packageId: (await first.getAttribute('data-package-id'))! };
}

/**
 * Searches a place in the page's words (`words` gives them: the pseudo-locale's, say), Enter, and
 * returns the first package card: no English heading to wait for.
 */
export async function firstPackageOf(page: Page, query: string, place: RegExp, words: (english: string) => string) {
  const search = page.getByRole('combobox', { name: words('Search countries') });
  await search.fill(query);
  await expect(page.getByRole('option', { name: place })).toBeVisible();
  await search.press('Enter');
  return page
    .getByRole('list', { name: words('Packages') })
    .getByRole('listitem')
    .first();
}

/**
 * On a day not yet started, the opening float's bar is above Sell: Sell is drawn once the till has
 * answered, with the bar, so nothing moves under a click (opening-float.spec.ts). The tests that
 * sell on such a day check it is there.
 */
export async function expectFloatBarShown(page: Page): Promise<void> {
  await expect(page.locator('.opening-float')).toBeVisible();
}

/** Opens Sell's trip planner on a day not yet started; `words` gives the names in the page's language. */
export async function openTripPlanner(page: Page, words: (english: string) => string = (english) => english) {
  await expectFloatBarShown(page);
  await page.getByRole('button', { name: words('Plan a trip') }).click();
  await expect(page.getByRole('heading', { name: words('Plan a trip') })).toBeVisible();
}

/**
 * From a chosen package card to a confirmed sale, by keyboard as a clerk at a busy counter would:
 * Enter on the focused card, pick the payment, Enter, Enter. Returns the sale the backend answered.
 */
export async function sellFocusedPackage(
  page: Page,
  options: { payment?: 'Cash' | 'Card' | 'Other'; quantity?: number; email?: string } = {},
): Promise<SaleView> {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.getByRole('radio', { name: options.payment ?? 'Cash' }).check();
  for (let n = 1; n < (options.quantity ?? 1); n++) await page.keyboard.press('+');
  if (options.email) await page.getByRole('textbox', { name: /Customer e-mail/ }).fill(options.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/sales.create'));
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as { ok: boolean; value: SaleView };
  expect(body.ok).toBe(true);
  return body.value;
}
