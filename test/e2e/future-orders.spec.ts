// A package sold for a departure date: created at the Sell screen, listed and cancelled on the Future
// orders screen, and the partner's refusals (a due date too soon by its clock, a cancellation inside
// its last 24 hours) said in words.
import type { Page } from '@playwright/test';
import type { FutureOrderView } from '../../shared/orders.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry } from './sell-helpers.ts';

const DAY = 86_400_000;
/** A date `days` from now as the clerk may type it in any locale (year first). */
const daysAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** From the Details step of a package to the future order's answer from the backend. */
async function orderLater(page: Page, options: { date: string; time?: string; email: string }): Promise<FutureOrderView> {
  await page.getByRole('textbox', { name: 'Departure date' }).fill(options.date);
  if (options.time) await page.getByRole('combobox', { name: 'Time' }).selectOption(options.time);
  await page.getByRole('textbox', { name: /Customer e-mail/ }).fill(options.email);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm the future order' })).toBeVisible();
  const order = page.getByRole('button', { name: /^Order for / });
  await expect(order).toBeFocused();
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/futureOrders.create'));
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as { ok: boolean; value: FutureOrderView };
  expect(body.ok).toBe(true);
  return body.value;
}

async function toDetails(page: Page) {
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('checkbox', { name: /For a later date/ }).check();
}

test('a future order: sold for a departure date, listed under Future orders, cancelled', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  // The date field's code is fetched when Details shows; held here until the clerk has pressed
  // Continue, as a slow disk or a busy machine may: the field still takes the focus once it is there.
  let letThrough!: () => void;
  const fetched = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/assets\/DateField-[^/]*\.js$/, async (route) => {
    await fetched;
    await route.continue();
  });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await toDetails(page);

  // Without a date, then without an e-mail: each said, and the field at fault focused.
  const next = page.getByRole('button', { name: /Continue/ });
  await next.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose the departure date.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Departure date' })).toHaveCount(0);
  letThrough();
  await expect(page.getByRole('textbox', { name: 'Departure date' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Departure date' }).fill(daysAhead(6));
  await next.click();
  await expect(page.getByRole('alert').filter({ hasText: /Type the customer’s e-mail/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Customer e-mail/ })).toBeFocused();

  const order = await orderLater(page, { date: daysAhead(6), time: '09:30', email: 'traveller@example.com' });
  expect(order.status).toBe('scheduled');
  const made = page.getByRole('heading', { name: /Ordered for/ });
  await expect(made).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /e-mails it to traveller@example.com/ })).toBeVisible();

  await page.getByRole('navigation').getByText('Future orders').click();
  await expect(page.getByRole('heading', { name: 'Future orders', level: 1 })).toBeVisible();
  const waiting = page.getByRole('table', { name: '1 waiting' });
  const row = waiting.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('traveller@example.com');
  await expect(row).toContainText(/Can be cancelled until/);

  await row.getByRole('button', { name: `Cancel the future order ${order.reference}` }).click();
  await expect(row.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await row.getByRole('button', { name: 'Cancel the order' }).click();
  const said = page.getByRole('status').filter({ hasText: /^Cancelled\. Give the customer .+ back \(Card\)\.$/ });
  await expect(said).toBeFocused();
  const settled = page.getByRole('table', { name: 'Settled lately' }).getByRole('row').filter({ hasText: order.reference });
  await expect(settled).toContainText('Cancelled');
  await expect(page.getByRole('table', { name: '1 waiting' })).toHaveCount(0);

  const held = (await (await fetch(`${sandbox.url}/__sandbox/future-orders`)).json()) as {
    future_orders: { status: string }[];
  };
  expect(held.future_orders.map((o) => o.status)).toEqual(['cancelled']);
});

test('the partner’s refusals in words: a due date too soon by its clock, a cancellation in its last 24 hours', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await toDetails(page);

  // The service's clock runs four days ahead of the counter's: three days ahead is too soon for it.
  await sandbox.post('/clock/advance', { ms: 4 * DAY });
  const refused = await orderLater(page, { date: daysAhead(3), email: 'guide@example.com' });
  expect(refused).toMatchObject({ status: 'failed', failure: { code: 'due_too_soon' } });
  await expect(page.getByRole('heading', { name: 'The future order was not taken.' })).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(
    'The eSIM service found the date too soon: it takes dates from the day after tomorrow (UTC) on.',
  );

  // Changed, it is taken; the service's clock then moves to 12 hours before it is due.
  await page.getByRole('button', { name: 'Change the order' }).click();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  const taken = await orderLater(page, { date: daysAhead(9), email: 'guide@example.com' });
  expect(taken.status).toBe('scheduled');
  const clock = (await (await fetch(`${sandbox.url}/__sandbox/clock`)).json()) as { now_ms: number };
  await sandbox.post('/clock/advance', { ms: Date.parse(taken.dueAt) - 12 * 3_600_000 - clock.now_ms });

  await page.getByRole('navigation').getByText('Future orders').click();
  const row = page.getByRole('row').filter({ hasText: taken.reference });
  await row.getByRole('button', { name: `Cancel the future order ${taken.reference}` }).click();
  await row.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(row.getByRole('alert')).toContainText('It can no longer be cancelled');
  await expect(row.getByRole('button', { name: `Cancel the future order ${taken.reference}` })).toBeFocused();
  await expect(row).toContainText('Scheduled');
});

test('a future order made at its due time is found by Check now and opens as its sale in History', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await toDetails(page);
  const order = await orderLater(page, { date: daysAhead(5), email: 'family@example.com' });
  expect(order.status).toBe('scheduled');

  // The service's clock passes the due time: it makes the order and e-mails it.
  await sandbox.post('/clock/advance', { ms: 7 * DAY });
  await page.getByRole('navigation').getByText('Future orders').click();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('button', { name: 'Check now' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /^Checked with the eSIM service at / })).toBeVisible();
  const row = page.getByRole('table', { name: 'Settled lately' }).getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Made and e-mailed');

  await row.getByRole('button', { name: 'Open in History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(page.getByText(order.reference).first()).toBeVisible();
});
