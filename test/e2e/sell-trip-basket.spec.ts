import type { Page } from '@playwright/test';
import { formatMoney } from '../../shared/money.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { rpc } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openTripPlanner } from './sell-helpers.ts';

/** Sell's trip planner: Japan then South Korea, ten days of maps and messages; the options listed. */
async function planJapanThenKorea(page: Page) {
  await openTripPlanner(page);
  const country = page.getByRole('searchbox', { name: 'Countries, in the order of the trip' });
  for (const name of ['Japan', 'South Korea']) {
    await country.fill(name);
    await expect(page.getByRole('list', { name: 'Countries found' }).getByRole('button').first()).toContainText(name);
    await country.press('Enter');
  }
  await page.getByRole('spinbutton', { name: 'Days in all' }).fill('10');
  await page.getByRole('radio', { name: /Maps and messages/ }).check();
  await page.getByRole('button', { name: 'Show the options' }).click();
  return page.getByRole('list', { name: 'Ways to cover the trip, cheapest first' }).locator(':scope > li');
}

test('a trip option sold whole: one payment, each eSIM its own sale once, one not issued and not charged', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  // Japan then South Korea: the option of one package per country has two eSIMs.
  const plan = await rpc(app, 'trip.plan', { countries: ['JP', 'KR'], days: 10, dataMbPerDay: 250 });
  const index = plan.options.findIndex((o) => o.packages.length === 2 && o.packages.every((p) => p.country));
  expect(index).toBeGreaterThanOrEqual(0);
  const option = plan.options[index]!;
  // South Korea's package has just sold out at the service: that line is refused, the other issued.
  const sandbox = await sandboxOf(app);
  await sandbox.post('/stock', { package_id: option.packages[1]!.id, quantity: 0 });

  const options = await planJapanThenKorea(page);
  await expect(options).toHaveCount(plan.options.length);
  // The sale's steps follow the basket: paid for at Confirm, issued at eSIM, back to the choice when done.
  const step = page.getByRole('list', { name: 'Sale steps' }).locator('[aria-current="step"]');
  await expect(step).toContainText('Country & package');
  await options
    .nth(index)
    .getByRole('button', { name: `Sell all 2 for ${formatMoney(option.total)}` })
    .click();

  await expect(page.getByRole('heading', { name: 'The whole trip, one payment' })).toBeVisible();
  await expect(step).toContainText('Confirm');
  // Details is not a step of a whole option: passed over, not ticked as done.
  const steps = page.getByRole('list', { name: 'Sale steps' }).getByRole('listitem');
  await expect(steps.nth(0)).toContainText('✓');
  await expect(steps.nth(1)).not.toContainText('✓');
  const sell = page.getByRole('button', { name: `Sell 2 eSIMs for ${formatMoney(option.total)}` });
  await expect(sell).toBeDisabled();
  await page.getByRole('radio', { name: 'Card' }).check();
  await sell.click();

  const result = page.getByTestId('basket-result');
  await expect(result.getByRole('heading')).toHaveText('1 of 2 eSIMs issued');
  await expect(step).toContainText('eSIM');
  const lines = result.getByRole('listitem');
  await expect(lines.nth(0)).toContainText('issued');
  await expect(lines.nth(0).getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  await expect(lines.nth(0)).toContainText('Japan: ');
  await expect(lines.nth(1)).toContainText('South Korea: ');
  await expect(lines.nth(1)).toContainText('not issued, nothing charged');
  await expect(lines.nth(1)).toContainText('sold out');
  await page.screenshot({ path: test.info().outputPath('trip-basket.png') });

  // Charged only for what was issued; each line one order at the service, at most.
  const issuedPrice = plan.packages.find((p) => p.id === option.packages[0]!.id)!.retail;
  await expect(result).toContainText(`Charged: ${formatMoney(issuedPrice)} (Card).`);
  const orders = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as {
    orders: { description: string; package_id?: string }[];
  };
  const reference = (await lines.nth(0).innerText()).match(/EC-(?:[\w.]+-)?\d{8}-[0-9A-Z]{8}/)?.[0];
  expect(orders.orders.filter((o) => o.description === reference)).toHaveLength(1);
  // The issued eSIM goes on the customer display like any sale's.
  await lines.nth(0).getByRole('button', { name: 'Show on customer display' }).click();
  await expect(page.getByText(/Customer display: QR code/)).toBeVisible();
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(options).toHaveCount(plan.options.length);
  await expect(step).toContainText('Country & package');
});

test('a trip’s whole option with no answer and none read back waits on the Basket screen, sent again only as it was', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const plan = await rpc(app, 'trip.plan', { countries: ['JP', 'KR'], days: 10, dataMbPerDay: 250 });
  const index = plan.options.findIndex((o) => o.packages.length === 2);
  const options = await planJapanThenKorea(page);
  await options
    .nth(index)
    .getByRole('button', { name: /^Sell all 2 for / })
    .click();
  await page.getByRole('radio', { name: 'Cash' }).check();
  // The backend takes the basket; neither its answer nor a read-back reaches the page.
  await page.route('**/rpc/baskets.create', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.route('**/rpc/baskets.get', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: /^Sell 2 eSIMs for / }).click();
  await expect(page).toHaveURL(/#basket$/);
  await expect(page.getByText(/No answer came for this basket/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'In the basket' }).getByRole('listitem')).toHaveCount(2);
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('basket-result').getByRole('heading')).toHaveText('Issued: 2 of 2');
  // Each eSIM once: the trip's two lines were made by the first send, only read by the second.
  const sandbox = await sandboxOf(app);
  const { orders } = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as { orders: unknown[] };
  expect(orders).toHaveLength(2);
});
