/**
 * A sale, a top-up and the day close with the keyboard alone, as a clerk who uses no mouse (or a
 * screen reader) works: only keyboard.press and keyboard.type, and after each step the focus is
 * where the next key acts, never lost to the page.
 */
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { describeFocus, expectFocus, expectFocused, tabTo } from './keyboard-helpers.ts';
import { seedDay, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';

test('a sale by keyboard: the country by arrows and Enter, a package, quantity, payment, confirm, New sale', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: /Where is the customer going/ })).toBeVisible();

  // The search is a combobox whose list is open and is no Tab stop.
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await expectFocus(page, 'combobox', 'Search countries');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expect(search).toHaveAttribute('aria-autocomplete', 'list');
  const list = page.getByRole('listbox', { name: 'Countries' });
  await expect(search).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  const options = list.getByRole('option');
  await page.keyboard.type('jap', { delay: 20 });
  await expect(options.first()).toHaveAccessibleName(/^Japan/);
  // How many match is said once typing pauses.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ countr(y|ies)$/ })).toHaveCount(1);

  // The highlight is the active descendant, follows the arrows and is the selected option.
  const highlighted = async () => list.locator(`[id="${await search.getAttribute('aria-activedescendant')}"]`);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(await highlighted()).toHaveAccessibleName(/^Japan/);
  const count = await options.count();
  if (count > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
  }
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expectFocus(page, 'combobox', 'Search countries');

  // Enter picks Japan; the first package has the focus, the arrows move along the packages.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Packages' }).getByRole('button');
  await expectFocused(page, cards.first(), 'the first package');
  await page.keyboard.press('ArrowRight');
  await expectFocused(page, cards.nth(1), 'the second package');
  await page.keyboard.press('ArrowLeft');
  await expectFocused(page, cards.first(), 'the first package');

  // Details: the quantity, then Tab to the payment, Space chooses it.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expectFocus(page, 'spinbutton', 'Quantity');
  await page.keyboard.press('2');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await tabTo(page, page.getByRole('radio', { name: 'Cash' }), { max: 3 });
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expectFocus(page, 'radio', 'Cash');

  // Confirm: the button to sell has the focus; while it sells, it keeps it and a status says so.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expectFocus(page, 'button', /^Sell for/);
  const sandbox = await sandboxOf(app);
  await sandbox.hold({ method: 'POST', path: '^/v2/orders$' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Selling… the eSIM service is issuing the eSIM/ })).toHaveCount(1);
  await expectFocus(page, 'button', /^Selling…/);
  await expect(page.getByRole('button', { name: /^Selling…/ })).toHaveAttribute('aria-disabled', 'true');
  await sandbox.release();

  // Sold: the heading has the focus, so a screen reader reads the outcome first.
  await expectFocus(page, 'heading', /^Sold — /);
  const newSale = page.getByRole('button', { name: 'New sale' });
  await tabTo(page, newSale);
  await page.keyboard.press('Enter');

  // The next customer: an empty search with the focus.
  await expectFocus(page, 'combobox', 'Search countries');
  await expect(search).toHaveValue('');
});

test('a sale that is being checked, by keyboard: the focus on what happens, Check now keeps it, serve the next customer', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expectFocus(page, 'combobox', 'Search countries');
  await page.keyboard.type('jap', { delay: 20 });
  await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option').first()).toHaveAccessibleName(/^Japan/);
  await page.keyboard.press('Enter');
  await expectFocused(page, page.getByRole('list', { name: 'Packages' }).getByRole('button').first(), 'the first package');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'spinbutton', 'Quantity');
  await tabTo(page, page.getByRole('radio', { name: 'Cash' }), { max: 3 });
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'button', /^Sell for/);

  // No answer from the service: the sale is uncertain, and the button that sold is gone.
  await sandbox.post('/faults', { match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 503 });
  await sandbox.post('/faults', { match: { method: 'GET', path: '/v2/orders' }, kind: 'status', status: 503, times: 100 });
  await page.keyboard.press('Enter');
  const checking = page.getByRole('group', { name: 'Checking with the eSIM service — do not sell again.' });
  await expect(checking).toBeVisible({ timeout: 30_000 });
  await expectFocused(page, checking.locator('#checking-title'), 'the title of the sale being checked');

  // Check now: the button keeps the focus while it asks, and what it found is read from a status.
  await sandbox.clearFaults();
  await sandbox.hold({ method: 'GET', path: '/v2/orders' });
  await tabTo(page, checking.getByRole('button', { name: 'Check now' }), { max: 2 });
  await page.keyboard.press('Enter');
  await expectFocus(page, 'button', 'Checking…');
  await expect(page.getByRole('button', { name: 'Checking…' })).toHaveAttribute('aria-disabled', 'true');
  await sandbox.release();
  await expect(checking.getByRole('status')).toHaveText(/^Checked at /);

  // The next customer meanwhile: the search, empty, with the focus.
  await tabTo(page, page.getByRole('button', { name: 'Serve the next customer' }), { max: 3 });
  await page.keyboard.press('Enter');
  await expectFocus(page, 'combobox', 'Search countries');
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toHaveValue('');
});

test('Escape in the country search clears what was typed, then leaves the focus there', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expectFocus(page, 'combobox', 'Search countries');
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await page.keyboard.type('zzqx');
  await expect(page.getByText('No country or region matches “zzqx”.')).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).not.toHaveAttribute('aria-activedescendant');
  await expect(page.getByRole('status').filter({ hasText: 'No country or region matches “zzqx”.' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expectFocus(page, 'combobox', 'Search countries');
  // The list is no Tab stop: Tab goes past it.
  await page.keyboard.press('Tab');
  expect(await describeFocus(page)).not.toMatch(/listbox/);
});

test('a top-up by keyboard: a typed ICCID, Enter, an option, payment, confirm, the receipt, Escape to the next', async ({
  page,
  app,
}) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expectFocus(page, 'combobox', 'Search countries');

  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: 'Top up an eSIM' })).toBeVisible();
  await expectFocus(page, 'textbox', 'ICCID');
  // Typed as a person types, not as a scanner's burst.
  await page.keyboard.type(iccid, { delay: 40 });
  await page.keyboard.press('Enter');

  const offers = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
  await expectFocused(page, offers.first(), 'the first top-up');
  if ((await offers.count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expectFocused(page, offers.nth(1), 'the second top-up');
    await page.keyboard.press('ArrowUp');
    await expectFocused(page, offers.first(), 'the first top-up');
  }
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Confirm the top-up' })).toBeVisible();
  await expectFocus(page, 'radio', 'Cash');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  // Enter from the payment: the button takes the focus and keeps it while it buys, and a status says so.
  const sandbox = await sandboxOf(app);
  await sandbox.hold({ method: 'POST', path: '/v2/orders/topups' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Topping up… the eSIM service is adding the data/ })).toHaveCount(1);
  await expectFocus(page, 'button', /^Topping up…/);
  await sandbox.release();

  await expectFocus(page, 'heading', /^Topped up — /);
  await tabTo(page, page.getByRole('button', { name: 'Print receipt' }));
  await page.keyboard.press('Escape');
  await expectFocus(page, 'textbox', 'ICCID');
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue('');
});

test('the day close by keyboard: count the cash, the confirmation keeps the focus, Escape returns it, the closed day', async ({
  page,
  app,
}) => {
  const day = await seedDay(app);
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await page.keyboard.press('Alt+7');
  await expect(page.getByRole('heading', { level: 1, name: 'Close day' })).toBeVisible();

  const counted = page.getByRole('textbox', { name: `Counted cash (${day.currency})` });
  await tabTo(page, counted, { max: 40 });
  const typed = `${Math.floor(day.cashMinor / 100)}.${String(day.cashMinor % 100).padStart(2, '0')}`;
  await page.keyboard.type(typed);
  await expect(page.getByText(/^Difference: /)).toBeVisible();
  const closeButton = page.getByRole('button', { name: 'Close the day' });
  // Past "Count by notes and coins", the card terminal's and other totals.
  await tabTo(page, closeButton, { max: 4 });

  // The confirmation is a modal dialog: the focus goes in (on Cancel), Tab stays in it, Escape closes it.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Close .*\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectFocused(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel in the dialog');
  for (let n = 0; n < 4; n++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), await describeFocus(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(page, closeButton, 'the Close the day button');

  // Again, and this time Tab to the dialog's own Close the day and Enter.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Close the day' }), { max: 3 });
  await page.keyboard.press('Enter');

  // The closed day: its notice has the focus, so the outcome is read first.
  const closed = page.getByRole('status').filter({ hasText: /^Day closed/ });
  await expect(closed).toBeVisible();
  await expectFocused(page, closed, 'the Day closed notice');
  await tabTo(page, page.getByRole('button', { name: 'Download CSV' }));
});
