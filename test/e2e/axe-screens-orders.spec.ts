/**
 * axe-core on the screens and states added after axe-screens.spec.ts: Vouchers with a batch open,
 * Future orders with one waiting, the Sell Details step with its order, e-mail and brand options and
 * the product sheet, History's top-up and a sale's e-mail and brand, Reports comparing and listing a
 * day never closed, and the Close screen counting the till's tenders; at 1024×768 and 200 % zoom.
 */
import type { Page } from '@playwright/test';
import type { TopupView } from '../../shared/sales.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { expectNoViolationsAtBothSizes } from './axe-helpers.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { copySalesBack, openAs, rpc, seedDay, signInAs } from './manager-setup.ts';
import { openCountry } from './sell-helpers.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function toDetails(page: Page): Promise<void> {
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
}

test('Sell’s Details step with the product sheet, the e-mail and brand choices, a tour group and a later date; Future orders with one waiting', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'delivery.setOptions', {
    storeEmail: 'shop@counter.test',
    brands: ['eSIM Counter', 'Demo Brand'],
    defaultSharing: ['link'],
  });
  await rpc(app, 'session.signOut', {});
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await toDetails(page);
  await page.getByRole('button', { name: /Product information/ }).click();
  await expect(page.getByTestId('product-sheet')).toBeVisible();
  await page.getByRole('textbox', { name: /Customer e-mail/ }).fill('anna@example.com');
  await expect(page.getByRole('group', { name: 'The e-mail sends' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Details with the product sheet and the e-mail’s choices');

  await page.getByRole('checkbox', { name: /Tour group: more than 10 eSIMs/ }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('20');
  await expectNoViolationsAtBothSizes(page, 'Details for a tour group');
  await page.getByRole('checkbox', { name: /Tour group: more than 10 eSIMs/ }).uncheck();

  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('checkbox', { name: /For a later date/ }).check();
  await page.getByRole('textbox', { name: 'Departure date' }).fill(inDays(6));
  await expectNoViolationsAtBothSizes(page, 'Details for a later date');
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm the future order' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'the future order to confirm');
  await page.getByRole('button', { name: /^Order for / }).click();
  await expect(page.getByRole('heading', { name: /Ordered for/ })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'the future order made');

  await page.evaluate(() => (window.location.hash = 'later'));
  await expect(page.getByRole('heading', { name: 'Future orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: '1 waiting' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Future orders with one waiting');
});

test('Vouchers with a batch made and its codes open', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.evaluate(() => (window.location.hash = 'vouchers'));
  await expect(page.getByRole('heading', { level: 1, name: 'eSIM vouchers' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Vouchers, none yet');
  await page.getByRole('searchbox', { name: 'Find a package' }).fill('Japan');
  const found = page.getByRole('list', { name: 'Packages found' }).getByRole('button');
  await found.first().click();
  await page.getByRole('spinbutton', { name: 'How many codes' }).fill('3');
  await expectNoViolationsAtBothSizes(page, 'Vouchers with a package chosen');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 voucher codes created.' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Vouchers made' })
    .getByRole('button', { name: /^Show codes/ })
    .click();
  await expect(page.getByRole('region', { name: / · Japan$/ }).getByTestId('voucher-codes')).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Vouchers with a batch open');
});

test('History: a top-up open with the eSIM’s packages, and a sale open with its e-mail and brand', async ({ page, app }) => {
  test.setTimeout(180_000);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await signInAs(app, DEMO_STAFF.clerk);
  const options = await rpc(app, 'topups.options', { iccid });
  const topup = (await rpc(app, 'topups.create', {
    iccid,
    packageId: options.offers[0]!.id,
    paymentMethod: 'card',
  })) as TopupView;
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
  await page.evaluate(() => (window.location.hash = 'history'));
  await page.getByRole('button', { name: `Open top-up ${topup.reference}` }).click();
  const detail = page.getByRole('region', { name: /^Top-up — / });
  await expect(detail.getByRole('region', { name: 'Packages on this eSIM' }).getByRole('row')).toHaveCount(3);
  await expectNoViolationsAtBothSizes(page, 'History with a top-up open');
  await page.getByRole('searchbox', { name: /Search by ICCID/ }).fill(sale.reference);
  await expect(page.getByRole('heading', { name: /· 1 sale$/ })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search by ICCID/ }).press('Enter');
  await expect(page.getByRole('region', { name: 'E-mail and brand' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Packages on this eSIM' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'History with a sale’s packages and e-mail open');
});

test('Reports comparing periods with a day never closed, and Close counting every tender of the till', async ({ page, app }) => {
  test.setTimeout(240_000);
  await seedDay(app);
  await app.stop();
  copySalesBack(app.dataDir, 2);
  const again: RunningApp = await startBrowserMode({ dataDir: app.dataDir });
  try {
    await signInAs(again, DEMO_STAFF.manager);
    await rpc(again, 'settings.update', { closeReasonThreshold: { minor: 50, currency: 'USD' } });
    await openAs(page, again, 'sell');
    const float = page.getByRole('region', { name: 'Opening float' });
    await expect(float).toBeVisible();
    await expectNoViolationsAtBothSizes(page, 'the opening float');
    await float.getByRole('textbox', { name: 'Cash in the drawer to start (USD)' }).fill('100.00');
    await float.getByRole('button', { name: 'Start the day' }).click();
    await expect(float).toBeHidden();

    await page.evaluate(() => (window.location.hash = 'reports'));
    await expect(page.getByTestId('unclosed-days')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Compared' })).toBeVisible();
    await expectNoViolationsAtBothSizes(page, 'Reports of a day with a day never closed');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('figure', { name: 'Revenue per day' })).toBeVisible();
    await expectNoViolationsAtBothSizes(page, 'Reports of 7 days');

    await page.evaluate(() => (window.location.hash = 'close'));
    await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Counted cash (USD)' }).fill('112.00');
    await page.getByRole('textbox', { name: 'Card terminal total (USD)' }).fill('3.00');
    await expect(page.getByRole('textbox', { name: 'Reason for the difference (required)' })).toBeVisible();
    await expectNoViolationsAtBothSizes(page, 'Close with every tender counted and a difference');
  } finally {
    await again.stop();
  }
});
