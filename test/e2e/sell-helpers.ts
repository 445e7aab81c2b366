import type { Page } from '@playwright/test';
import type { SaleView } from '../../shared/sales.ts';
import { expect } from './fixtures.ts';

/** Searches a country, Enter, and returns the first package card (local offers come first). */
export async function openCountry(page: Page, query: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill(query);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Packages for ${name}` })).toBeVisible();
  const first = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  // Sell moves the focus to the first package that can be sold once they are drawn: a key pressed
  // next is that package's.
  await expect(page.getByRole('list', { name: 'Packages' }).locator('button:focus')).toHaveCount(1);
  return { card: first, packageId: (await first.getAttribute('data-package-id'))! };
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
