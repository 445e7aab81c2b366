/**
 * axe-core on each step of a sale, a top-up, the day close and the customer display's QR: no
 * violation of WCAG 2.0–2.2 A and AA, nor of axe's best practices, on the whole page.
 */
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { rpc, sellThroughApi } from './counter-helpers.ts';
import { seedDay, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { expectPackageFocused } from './sell-helpers.ts';

test('a sale: the country combobox, no match, details, confirm and the sold eSIM have no axe violation', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await page.keyboard.type('zzqx');
  await expect(page.getByText('No country or region matches “zzqx”.')).toBeVisible();
  await expectNoViolations(page, 'the search with no match');
  await page.keyboard.press('Escape');
  await page.keyboard.type('jap');
  await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option').first()).toHaveAccessibleName(/^Japan/);
  await page.keyboard.press('ArrowDown');
  await expectNoViolations(page, 'the country combobox');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
  await expectPackageFocused(page);
  await expectNoViolations(page, 'the packages');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Details' })).toBeVisible();
  // Enter with no payment: the problem is shown by the field.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'the details, payment missing');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the sale' })).toBeVisible();
  await expectNoViolations(page, 'the confirmation');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Sold — / })).toBeFocused();
  await expectNoViolations(page, 'the sold eSIM');
});

test('a sale being checked with the service has no axe violation', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await page.keyboard.type('jap');
  await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option').first()).toHaveAccessibleName(/^Japan/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Packages' }).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await sandbox.post('/faults', { match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 503 });
  await sandbox.post('/faults', { match: { method: 'GET', path: '/v2/orders' }, kind: 'status', status: 503, times: 100 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Checking with the eSIM service — do not sell again.' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoViolations(page, 'the sale being checked');
});

test('a top-up: the ICCID, the options, the confirmation and the receipt have no axe violation', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toBeFocused();
  await expectNoViolations(page, 'the ICCID field');
  await page.keyboard.type(sale.esims[0]!.iccid, { delay: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeFocused();
  await expectNoViolations(page, 'the top-ups');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the top-up' })).toBeVisible();
  await expectNoViolations(page, 'the top-up confirmation');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Topped up — / })).toBeFocused();
  await expectNoViolations(page, 'the top-up receipt');
});

test('the day close: the count, the confirmation dialog and the closed day have no axe violation', async ({ page, app }) => {
  const day = await seedDay(app);
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await page.keyboard.press('Alt+7');
  const counted = page.getByRole('textbox', { name: `Counted cash (${day.currency})` });
  await expect(counted).toBeVisible();
  await expectNoViolations(page, 'the open day');
  await counted.fill('1');
  await expect(page.getByText(/^Difference: /)).toBeVisible();
  await expectNoViolations(page, 'the counted cash with a difference');
  await counted.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Close .*\?$/ });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'the confirmation dialog');
  await dialog.getByRole('button', { name: 'Close the day' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Day closed/ })).toBeFocused();
  // The closed day as it stands, not dimmed while the screen reads it again.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page, 'the closed day');
});

test('the customer display with a QR has no axe violation', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await rpc(app, 'display.show', { kind: 'install', saleId: sale.id });
  await page.goto(`${app.origin}/display#key=${app.key}`);
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /code disappears at/ })).toHaveCount(1);
  await expectNoViolations(page, 'the customer display');
});
