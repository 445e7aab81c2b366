import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';
import { openCountry } from './sell-helpers.ts';
import { holdAnswers, recordLayoutShifts, takeLayoutShifts } from './shift-helpers.ts';

test('a store in euros: the rate of the day, a rule for Germany, sales tax added — and the clerk takes what the screen says', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const store = page.getByRole('form', { name: 'Store settings' });
  await store.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await store.getByRole('button', { name: 'Save' }).click();
  await expect(store.getByRole('status')).toHaveText(/Saved/);

  // The rate the counter converts at, dated, from the eSIM service. The screen is drawn once it is
  // read: its panel came in above the price rule and moved it down.
  await recordLayoutShifts(page);
  const rateAnswers = await holdAnswers(page, 'pricing.rates');
  await page.reload();
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page.getByRole('heading', { name: 'Prices', level: 1 })).toBeVisible();
  await takeLayoutShifts(page);
  rateAnswers();
  const rates = page.getByRole('region', { name: 'Exchange rate' });
  await expect(rates.getByTestId('rate-now')).toHaveText(/^1 USD = 0\.9\d+ EUR$/);
  await expect(page.getByRole('form', { name: 'Retail price' })).toBeVisible();
  expect(await takeLayoutShifts(page), 'what the rates’ answer moved').toEqual([]);
  await expect(rates).toContainText('The eSIM service’s rate for');

  // German local packages: our cost plus 50 %, ending in .90.
  const add = page.getByRole('form', { name: 'Add an exception' });
  await add.getByRole('combobox', { name: 'Country' }).selectOption('DE');
  await add.getByRole('radio', { name: 'Our cost plus a markup' }).check();
  await add.getByRole('textbox', { name: 'Markup (%)' }).fill('50');
  await add.getByRole('combobox', { name: 'Price ending' }).selectOption('90');
  await add.getByRole('button', { name: 'Add exception' }).click();
  const exceptions = page.getByRole('list', { name: 'Exceptions to the price rule' });
  await expect(exceptions.getByRole('listitem')).toHaveText([/All local packages of Germany.*Our cost \+ 50%, Ends in 90/]);

  // Sales tax added at checkout.
  const tax = page.getByRole('form', { name: 'Tax' });
  await tax.getByRole('radio', { name: /do not include it/ }).check();
  await tax.getByRole('textbox', { name: 'Rate (%)' }).fill('8.875');
  await tax.getByRole('textbox', { name: 'Name on receipts' }).fill('Sales tax');
  await expect(tax.getByTestId('tax-example')).toContainText('plus');
  await tax.getByRole('button', { name: 'Save tax' }).click();
  await expect(tax.getByRole('status')).toHaveText(/Saved/);
  await page.screenshot({ path: test.info().outputPath('prices.png'), fullPage: true });

  // The clerk sees German packages in euros ending in .90, and the tax before taking the money.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.clerk);
  const { packageId } = await openCountry(page, 'germ', 'Germany');
  // Local packages come first; regional ones covering Germany keep the store's own rule.
  await expect(page.getByRole('list', { name: 'Packages' }).locator('.package-price').first()).toHaveText(/^€\d+\.90$/);
  const locals = (await rpc(app, 'catalog.packages', { country: 'DE', type: 'local' })).filter((o) => o.kind === 'local');
  expect(locals.length).toBeGreaterThan(1);
  for (const o of locals) expect(o.retail.minor % 100).toBe(90);
  const offer = (await rpc(app, 'catalog.packages', { country: 'DE' })).find((o) => o.id === packageId)!;
  expect(offer.retail.currency).toBe('EUR');
  expect(offer.retail.minor % 100).toBe(90);
  const taxMinor = Math.floor((offer.retail.minor * 88_750 * 2 + 1_000_000) / 2_000_000);
  const euros = (minor: number) => `€${(minor / 100).toFixed(2)}`;

  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByText('Sales tax (8.875%)')).toBeVisible();
  await expect(page.getByTestId('total-to-pay')).toHaveText(euros(offer.retail.minor + taxMinor));
  await page.screenshot({ path: test.info().outputPath('confirm-with-tax.png') });
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/sales.create'));
  await page.keyboard.press('Enter');
  const sale = ((await (await answer).json()) as { value: { status: string; total: { minor: number; currency: string } } }).value;
  expect(sale.status).toBe('completed');
  expect(sale.total).toEqual({ minor: offer.retail.minor + taxMinor, currency: 'EUR' });
});
