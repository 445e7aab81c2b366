import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { call, openAs, rpc, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { holdAnswers, recordLayoutShifts, takeLayoutShifts } from './shift-helpers.ts';

/** Signs out at the counter and in again as someone else, as staff at one till do. */
async function switchTo(page: Page, who: { name: string; pin: string }): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, who);
  if (who === DEMO_STAFF.clerk) await page.getByRole('link', { name: 'Sell' }).click();
}

test('a markup rounded to .99 prices the clerk’s packages, and the recommended price comes back', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'prices');
  const rule = page.getByRole('form', { name: 'Retail price' });
  await expect(rule.getByRole('radio', { name: /Recommended retail price/ })).toBeChecked();
  await rule.getByRole('radio', { name: /Our cost plus a markup/ }).check();
  await rule.getByRole('textbox', { name: 'Markup (%)' }).fill('50');
  await rule.getByRole('combobox', { name: 'Price ending' }).selectOption('99');
  await expect(page.getByTestId('price-example')).toContainText('A package costing us $3.14 sells for $4.99.');
  await rule.getByRole('button', { name: 'Save price rule' }).click();
  await expect(rule.getByRole('status')).toHaveText(/Saved/);
  expect((await rpc(app, 'settings.get', {})).priceRule).toEqual({ kind: 'markup', percent: 50, ending: '99' });

  // The clerk sees every German package at a price ending in .99.
  await switchTo(page, DEMO_STAFF.clerk);
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill('germany');
  await expect(page.getByRole('option', { name: /Germany/ })).toBeVisible();
  await search.press('Enter');
  const prices = page.getByRole('list', { name: 'Packages' }).locator('.package-price');
  await expect(prices.first()).toBeVisible();
  const shown = await prices.allTextContents();
  expect(shown.length).toBeGreaterThan(1);
  for (const price of shown) expect(price).toMatch(/\.99$/);

  // Back to the recommended price: the clerk's catalogue has prices that do not all end in .99.
  await switchTo(page, DEMO_STAFF.manager);
  await openAs(page, app, 'prices');
  await rule.getByRole('radio', { name: /Recommended retail price/ }).check();
  await expect(page.getByTestId('price-example')).toContainText('recommended retail price');
  await rule.getByRole('button', { name: 'Save price rule' }).click();
  await expect(rule.getByRole('status')).toHaveText(/Saved/);
  expect((await rpc(app, 'settings.get', {})).priceRule).toEqual({ kind: 'recommended' });
  await signInAs(app, DEMO_STAFF.clerk);
  const offers = await rpc(app, 'catalog.packages', { country: 'DE' });
  expect(offers.some((o) => o.retail.minor % 100 !== 99)).toBe(true);
});

test('a floor above the balance stops sales with a message, at the counter and in the API', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  await sandbox.post('/balance', { amount: 40 });
  await signInAs(app, DEMO_STAFF.manager);
  await recordLayoutShifts(page);
  const balanceAnswers = await holdAnswers(page, 'account.balance');
  await openAs(page, app, 'settings');
  const account = page.getByRole('region', { name: 'Account balance' });
  // While the service is asked, the panel is drawn whole, its floor known: nothing below moves when the balance comes.
  await expect(account.getByRole('status')).toHaveText('Reading the balance…');
  await expect(account).toContainText('No floor is set');
  await expect(account.getByRole('textbox', { name: /Stop sales below/ })).toBeVisible();
  await takeLayoutShifts(page);
  balanceAnswers();
  await expect(account.getByTestId('balance-available')).toHaveText('$40.00');
  expect(await takeLayoutShifts(page), 'what the balance’s answer moved').toEqual([]);
  await expect(account).toContainText('No floor is set');

  await account.getByRole('textbox', { name: /Stop sales below/ }).fill('100');
  await account.getByRole('button', { name: 'Save floor' }).click();
  await expect(account.getByRole('alert')).toContainText('Sales are stopped until the account is topped up');
  expect((await rpc(app, 'settings.get', {})).balanceFloor).toEqual({ minor: 10000, currency: 'USD' });

  // Through the API, the clerk's sale is refused with the low_balance words.
  await signInAs(app, DEMO_STAFF.clerk);
  const offer = (await rpc(app, 'catalog.packages', { country: 'DE' }))[0]!;
  const refused = await call(app, 'sales.create', { packageId: offer.id, paymentMethod: 'cash', quantity: 1 });
  expect(refused.ok).toBe(false);
  if (!refused.ok) {
    expect(refused.error.code).toBe('low_balance');
    expect(refused.error.message).toContain('Sales are stopped until the account is topped up');
  }

  // Through the clerk's screen: said before any payment is taken, and Sell cannot be pressed.
  await switchTo(page, DEMO_STAFF.clerk);
  await expect(page.getByText(/Sales are paused: the shop’s eSIM account needs topping up/)).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill('germany');
  await expect(page.getByRole('option', { name: /Germany/ })).toBeVisible();
  await search.press('Enter');
  await page.getByRole('list', { name: 'Packages' }).getByRole('listitem').first().click();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sell for/ })).toBeDisabled();

  // Topped up, and the floor removed: sales go on.
  await sandbox.post('/balance', { amount: 10_000 });
  await switchTo(page, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  await expect(account.getByTestId('balance-available')).toHaveText('$10,000.00');
  await expect(account).toContainText('Sales stop when the balance falls below $100.00');
  await account.getByRole('button', { name: 'Remove floor' }).click();
  await expect(account).toContainText('No floor is set');
  expect((await rpc(app, 'settings.get', {})).balanceFloor).toBeNull();
});

test('partner credentials: with no keychain, the client id is saved for the next start, the secret there', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'eSIM service connection' });
  await expect(panel.getByTestId('running-environment')).toHaveText('Demo');
  await expect(panel.getByRole('radio', { name: /^Demo/ })).toBeChecked();

  // Production asks first; cancelled, nothing changes.
  await panel.getByRole('radio', { name: /^Production/ }).check();
  await panel.getByRole('textbox', { name: 'Client id' }).fill('shop-live');
  await panel.getByRole('button', { name: 'Save connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Production?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('real money');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await rpc(app, 'settings.partner', {})).environment).toBe('demo');

  // No keychain here (browser-mode tests skip it): a secret is sealed under the PINs of its own
  // environment's managers, so Demo asks only for the client id and says where the secret goes.
  await panel.getByRole('radio', { name: /^Partner sandbox/ }).check();
  await expect(panel.getByLabel('Client secret')).toHaveCount(0);
  await expect(panel.getByTestId('secret-there')).toHaveText(
    'Enter the client secret in Settings once the counter runs on Partner sandbox: with no keychain on this computer, it is locked under the PINs of Partner sandbox’s managers.',
  );
  await panel.getByRole('textbox', { name: 'Client id' }).fill('shop-test');
  await panel.getByRole('button', { name: 'Save connection' }).click();
  await expect(panel.getByText('Restart the app to switch to Partner sandbox.')).toBeVisible();
  const saved = await rpc(app, 'settings.partner', {});
  expect(saved).toMatchObject({ environment: 'partner_sandbox', clientId: 'shop-test', hasSecret: false, running: 'demo' });
  expect(saved).toMatchObject({ secretStore: 'vault', secretFile: path.join(app.dataDir, 'secrets.json') });
  await expect(panel.getByTestId('secret-place')).toHaveText(
    `No keychain is available to the app on this computer, so the partner secret is kept encrypted, locked under the managers’ PINs, in ${path.join(app.dataDir, 'secrets.json')}. After each start, a manager signs in once to unlock it.`,
  );

  // Opened again: the client id is shown.
  await page.reload();
  await expect(panel.getByText('Restart the app to switch to Partner sandbox.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Client id' })).toHaveValue('shop-test');

  // Back to Demo: nothing to restart for.
  await panel.getByRole('radio', { name: /^Demo/ }).check();
  await panel.getByRole('button', { name: 'Save connection' }).click();
  await expect(panel.getByText(/Restart the app/)).toHaveCount(0);
});

test('low-data e-mails: subscribe a back-office address, then unsubscribe', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Low-data e-mails' });
  await expect(panel.getByTestId('low-data-status')).toContainText('Not subscribed');
  await panel.getByRole('textbox', { name: 'Back-office e-mail' }).fill('backoffice@example.com');
  await panel.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(panel.getByTestId('low-data-status')).toHaveText('Low-data e-mails go to backoffice@example.com.');
  await expect(panel.getByRole('status')).toHaveText('Subscribed backoffice@example.com.');

  await panel.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(panel.getByRole('status')).toHaveText(/Unsubscribed/);
  await expect(panel.getByTestId('low-data-status')).toContainText('Not subscribed');

  const actions = (await rpc(app, 'audit.list', { action: 'notifications.low_data' })).map((a) => a.details.subscribed);
  expect(actions).toEqual([false, true]);
});

test('a support file is saved in the data folder, and the screen says where', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Support' });
  await panel.getByRole('button', { name: 'Save a support file' }).click();
  const said = panel.getByTestId('support-file');
  await expect(said).toContainText(path.join(app.dataDir, 'support', 'esim-counter-support-'));
  const file = (await said.locator('code').textContent())!;
  const names = Object.keys(unzipSync(fs.readFileSync(file)));
  expect(names).toEqual(expect.arrayContaining(['about.json', 'checks.json', 'settings-demo.json']));
});

test('the manager names the voucher printer, paper and silent printing, and they are kept', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('form', { name: 'Printer' });
  const silent = panel.getByRole('checkbox', { name: /Print without asking/ });
  await expect(silent).toBeDisabled(); // only with a named printer
  await panel.getByRole('textbox', { name: 'Printer name' }).fill('EPSON TM-T20III');
  await panel.getByRole('radio', { name: 'A4' }).check();
  await silent.check();
  await panel.getByRole('button', { name: 'Save printer' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');
  expect((await rpc(app, 'settings.get', {})).printer).toEqual({
    printerName: 'EPSON TM-T20III',
    paper: 'a4',
    silent: true,
    escpos: null,
  });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Printer' }).getByRole('textbox', { name: 'Printer name' })).toHaveValue(
    'EPSON TM-T20III',
  );
});

test('saving the store details says so and keeps the manager where they were', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const form = page.getByRole('form', { name: 'Store settings' });
  await form.getByRole('textbox', { name: /Store name/ }).fill('  Airport Kiosk T2 ');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(form.getByRole('textbox', { name: /Store name/ })).toHaveValue('Airport Kiosk T2');
  expect((await rpc(app, 'settings.get', {})).storeName).toBe('Airport Kiosk T2');
  // Typing again takes the old "Saved." away.
  await form.getByRole('textbox', { name: /Store name/ }).fill('Airport Kiosk T3');
  await expect(form.getByRole('status')).toHaveCount(0);

  // The printer's radios and box sit beside their words, at a normal size.
  const printer = page.getByRole('form', { name: 'Printer' });
  for (const control of [
    printer.getByRole('radio', { name: 'A4' }),
    printer.getByRole('checkbox', { name: /Print without asking/ }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.height).toBeLessThan(30);
  }
});
