/**
 * The vouchers screen, the checkout's product sheet and e-mail choices, a sold eSIM's e-mail and
 * brand in History, and the store's e-mail settings, in the pseudo-locale (each text ~40 % longer)
 * at 1024×768: no text overflows its box, is cut, overlaps another or leaves the window.
 */
import { pseudoString as xa } from '../../renderer/src/i18n/pseudo.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { rpc, signInAs } from './manager-setup.ts';
import { firstPackageOf } from './sell-helpers.ts';

test.use({ viewport: { width: 1024, height: 768 } });

/** An English text as the pseudo-locale shows it, found inside a longer name or text. */
const within = (english: string) => new RegExp(xa(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test('vouchers, the product sheet, the e-mail choices, History’s e-mail and brand and their settings hold in the pseudo-locale', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'delivery.setOptions', {
    storeEmail: 'shop@counter.test',
    brands: ['eSIM Counter', 'Demo Brand'],
    defaultSharing: ['link'],
  });
  const [offer] = await rpc(app, 'catalog.packages', { country: 'DE', type: 'local' });
  const sold = await rpc(app, 'sales.create', {
    packageId: offer!.id,
    quantity: 1,
    paymentMethod: 'cash',
    customerEmail: 'anna@example.com',
  });
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  const open = async (id: string, heading: string) => {
    await page.evaluate((screen) => (window.location.hash = screen), id);
    await expect(page.getByRole('heading', { level: 1, name: xa(heading) })).toBeVisible();
  };

  await open('vouchers', 'eSIM vouchers');
  await page.getByRole('searchbox', { name: xa('Find a package') }).fill('Japan');
  await expect(page.getByRole('list', { name: xa('Packages found') })).toBeVisible();
  await expectLayoutHolds(page, 'vouchers: packages found');
  await page
    .getByRole('list', { name: xa('Packages found') })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('textbox', { name: xa('Booking reference (optional)') }).fill('TOUR-42');
  await page.getByRole('radio', { name: xa('Cash') }).check();
  await page.getByRole('button', { name: xa('Create vouchers') }).click();
  await expect(page.getByTestId('voucher-codes')).toBeVisible();
  await expectLayoutHolds(page, 'vouchers: a batch');

  await page.evaluate(() => (window.location.hash = 'sell'));
  await (await firstPackageOf(page, 'jap', /Japan/, xa)).click();
  await expect(page.getByRole('heading', { name: xa('Details') })).toBeVisible();
  await page.getByRole('button', { name: within('Product information') }).click();
  await expect(page.getByTestId('product-sheet')).toBeVisible();
  await page.getByRole('textbox', { name: within('Customer e-mail (optional)') }).fill('anna@example.com');
  await expect(page.getByRole('group', { name: xa('The e-mail sends') })).toBeVisible();
  await expectLayoutHolds(page, 'sell: details with the product sheet and e-mail choices');

  await open('history', 'History');
  // The voucher batch made above is newer than the sale: the sale's row is found by its reference.
  await page.getByRole('table').getByRole('row').filter({ hasText: sold.reference }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: xa('E-mail and brand') })).toBeVisible();
  // The list beside an open sale is squeezed at this width in the pseudo-locale whatever the sale
  // shows (the History screen's own layout, not this section's): only the sale's side is checked.
  await expectLayoutHolds(page, 'history: e-mail and brand', { ignore: ['.history-list'] });

  await open('settings', 'Settings');
  await expect(page.getByRole('form', { name: xa('E-mail to customers') })).toBeVisible();
  await expect(page.getByText(xa('Read from the eSIM service at {{time}}.').split('{{')[0]!.trim())).toBeVisible();
  await expectLayoutHolds(page, 'settings: low-data and e-mail to customers');
});
