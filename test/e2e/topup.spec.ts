import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openByShortcut, scan, sellThroughApi } from './counter-helpers.ts';

/** An eSIM sold through the API, and the clerk at Top up with the ICCID field focused: its ICCID. */
async function clerkAtTopup(page: Page, app: RunningApp): Promise<string> {
  const sale = await sellThroughApi(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toBeFocused();
  return sale.esims[0]!.iccid;
}

test('a top-up by a scanner burst while the focus is elsewhere: options, confirm, receipt, bought once', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 2, 'Top up an eSIM');
  const field = page.getByRole('textbox', { name: 'ICCID' });
  await expect(field).toBeFocused();

  // A wrong number is explained in words before anything is asked.
  await field.fill('356938035643809');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('15 digits, like a phone IMEI');

  // Focus on the rail, not in the field: the scanner's burst still lands in the field and looks it up.
  await page.getByRole('link', { name: 'Top up' }).focus();
  await scan(page, iccid);
  await expect(field).toHaveValue(iccid);
  await expect(page).toHaveURL(/#topup$/);
  const offers = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
  await expect(offers.first()).toBeVisible();
  await expect(offers.first()).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('topup-options.png') });

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the top-up' })).toBeVisible();
  // Enter without a payment says what is missing.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Choose how the customer paid');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.screenshot({ path: test.info().outputPath('topup-confirm.png') });
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/topups.create')) creates.push(r.postData() ?? '');
  });
  // A double Enter buys once: both calls carry the same top-up id.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: /Topped up —/ })).toBeVisible();
  await expect(page.getByText(/reference TU-(?:[\w.]+-)?\d{8}-/)).toBeVisible();
  await expect(page.getByTestId('topup-receipt')).toContainText(iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.screenshot({ path: test.info().outputPath('topup-receipt.png') });
  const ids = new Set(creates.map((c) => (JSON.parse(c) as { topupId: string }).topupId));
  expect(ids.size).toBe(1);
  const { orders } = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as { orders: { type?: string }[] };
  expect(orders.filter((o) => o.type === 'topup')).toHaveLength(1);

  // Escape: the next customer, with an empty field that has the focus.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue('');
});

test('a recycled eSIM: the clerk is told to sell a new eSIM, and no top-up is offered', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await sandbox.post(`/sims/${iccid}/recycle`, {});
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('link', { name: 'Top up' }).click();
  await page.getByRole('heading', { level: 1 }).click(); // focus away from the field
  await scan(page, iccid);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This eSIM has been recycled.');
  await expect(alert).toContainText('Sell the customer a new eSIM');
  await expect(page.getByRole('list', { name: 'Top-ups' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('topup-recycled.png') });
  await alert.getByRole('button', { name: 'Sell a new eSIM' }).click();
  await expect(page).toHaveURL(/#sell$/);
});

test('service down while topping up: the screen says it is checking and offers no way to buy again', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const iccid = await clerkAtTopup(page, app);
  await scan(page, iccid);
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  // The top-up request fails with 503 (the service is down) and so does every look-up after it.
  await sandbox.post('/faults', { match: { method: 'POST', path: '/v2/orders/topups' }, kind: 'status', status: 503 });
  await sandbox.post('/faults', { match: { method: 'GET', path: '/v2/orders' }, kind: 'status', status: 503, times: 100 });
  await page.getByRole('button', { name: /Top up for/ }).click();

  await expect(page.getByText('Checking with the eSIM service — do not top up again.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Top up for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Back/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Confirm the top-up' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('topup-service-down.png') });
  // The screen keeps looking the top-up up by itself.
  await page.waitForRequest((r) => r.url().endsWith('/rpc/topups.get'));
});

test('service down before the options: the words say what happened and how to try again', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const iccid = await clerkAtTopup(page, app);
  await sandbox.post('/faults', { match: { method: 'GET', path: `/v2/sims/${iccid}` }, kind: 'status', status: 503, times: 5 });
  await scan(page, iccid);
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('topup-options-down.png') });
  await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeVisible();
});

test('a scan that stalls after its first digits (a busy machine) into the ICCID field still looks up the whole ICCID', async ({
  page,
  app,
}) => {
  const iccid = await clerkAtTopup(page, app);
  await page.keyboard.type(iccid.slice(0, 2), { delay: 5 });
  // The stall itself, not a wait for something: any pause over the scanner's 100 ms gap will do,
  // and a busy machine only makes it longer.
  await page.waitForTimeout(300);
  await scan(page, iccid.slice(2));
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Top-ups for / })).toBeVisible();
});

test('a new entry that is not an ICCID clears the previous eSIM’s top-ups at once, with one error', async ({ page, app }) => {
  const iccid = await clerkAtTopup(page, app);
  const field = page.getByRole('textbox', { name: 'ICCID' });
  await field.fill(iccid);
  await field.press('Enter');
  const offers = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
  await expect(offers.first()).toBeVisible();

  await field.fill('hello');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('digits only');
  await expect(page.getByRole('heading', { name: /Top-ups for/ })).toHaveCount(0);
  await expect(offers).toHaveCount(0);
  // What was typed stays, for the clerk to correct.
  await expect(field).toHaveValue('hello');

  await field.fill('9'.repeat(5000));
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('5000');
});
