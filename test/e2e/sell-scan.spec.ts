import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { scan, sellThroughApi } from './counter-helpers.ts';

test('an eSIM’s ICCID scanned into the country search offers its top-up, and opens it filled in', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await scan(page, iccid);

  const offer = page.getByRole('status').filter({ hasText: 'This looks like an eSIM’s ICCID' });
  await expect(offer).toContainText('top it up?');
  await expect(page.getByText(/No country or region matches/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('iccid-in-search.png') });
  await offer.getByRole('button', { name: 'Top up this eSIM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Top up an eSIM' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue(iccid);
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeVisible();

  // A country search is never taken for an ICCID.
  await page.getByRole('link', { name: /^Sell/ }).click();
  await page.getByRole('combobox', { name: 'Search countries' }).fill('8944');
  await expect(page.getByText('This looks like an eSIM’s ICCID')).toHaveCount(0);
});
