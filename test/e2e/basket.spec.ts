import { formatMoney, sumMoney } from '../../shared/money.ts';
import type { PackageOffer } from '../../shared/catalog.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { rpc, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { scan, sellThroughApi } from './counter-helpers.ts';
import { expectFloatBarShown, firstPackageOf, openCountry } from './sell-helpers.ts';
import { expectNoViolations, expectNoViolationsAtBothSizes } from './axe-helpers.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { pseudoString as xa } from '../../renderer/src/i18n/pseudo.ts';

test('a family’s basket: two eSIMs of one package, one sold out, a top-up; one card payment, one receipt, each line ordered once', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  const iccid = (await sellThroughApi(app)).esims[0]!.iccid;
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await expectFloatBarShown(page);
  await page.getByRole('button', { name: 'Basket', exact: true }).click();
  await expect(page).toHaveURL(/#basket$/);
  await expect(page.getByRole('heading', { name: 'Basket: packages and top-ups, one payment' })).toBeVisible();
  await expect(page.getByText('Nothing in the basket yet: add a package or a top-up.')).toBeVisible();
  // The customer follows the basket on the display.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  const screen = display.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');

  // Japan's first package, picked twice: one line of two eSIMs.
  const japan = await openCountry(page, 'Japan', 'Japan');
  await japan.card.getByRole('button').click();
  await japan.card.getByRole('button').click();
  const lines = page.getByRole('list', { name: 'In the basket' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0).locator('output')).toHaveText('2');
  // France's first package, which has just sold out at the service: its line will be refused.
  const france = await openCountry(page, 'France', 'France');
  await sandbox.post('/stock', { package_id: france.packageId, quantity: 0 });
  await france.card.getByRole('button').click();
  await expect(lines).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('basket-packages.png') });

  // A customer's eSIM scanned while packages are shown: the top-up search takes it.
  await scan(page, iccid);
  await expect(page.getByRole('button', { name: 'A top-up', pressed: true })).toBeVisible();
  const topups = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
  await expect(topups.first()).toBeFocused();
  await topups.first().click();
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(2)).toContainText(`ICCID ${iccid.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue('');

  // − and + on a line; a line removed.
  const jpName = (await lines.nth(0).locator('.basket-line-what').innerText()).trim();
  await page.getByRole('button', { name: `One eSIM more of ${jpName}` }).click();
  await expect(lines.nth(0).locator('output')).toHaveText('3');
  await page.getByRole('button', { name: `One eSIM fewer of ${jpName}` }).click();
  await expect(lines.nth(0).locator('output')).toHaveText('2');

  // The basket stays while the clerk looks elsewhere.
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.getByRole('link', { name: 'Basket' }).click();
  await expect(lines).toHaveCount(3);

  const jp = (await rpc(app, 'catalog.packages', { country: 'JP' })).find((o: PackageOffer) => o.id === japan.packageId)!;
  const topupOffer = (await rpc(app, 'topups.options', { iccid })).offers[0]!;
  const fr = (await rpc(app, 'catalog.packages', { country: 'FR' })).find((o: PackageOffer) => o.id === france.packageId)!;
  const whole = sumMoney([jp.retail, jp.retail, fr.retail, topupOffer.retail], jp.retail.currency);
  await expect(screen).toHaveAttribute('data-kind', 'basket');
  await expect(screen.locator('.cd-basket-lines > li')).toHaveCount(3);
  await expect(screen).toContainText(`Total: ${formatMoney(whole)}`);
  await expect(screen.locator('.cd-basket-lines > li').nth(2)).toContainText(`eSIM ending in …${iccid.slice(-5)}`);
  await display.screenshot({ path: test.info().outputPath('basket-display.png') });
  const sell = page.getByRole('button', { name: `Sell the basket for ${formatMoney(whole)}` });
  await expect(sell).toBeDisabled();
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.screenshot({ path: test.info().outputPath('basket.png') });
  await expectNoViolationsAtBothSizes(page, 'the basket filled');
  await sell.click();

  const result = page.getByTestId('basket-result');
  await expect(result.getByRole('heading')).toHaveText('Issued: 2 of 3');
  const done = result.getByRole('listitem');
  await expect(done.nth(0)).toContainText(`2 × ${jpName} · issued`);
  await expect(done.nth(0).getByRole('img', { name: 'Install QR code', exact: true })).toHaveCount(2);
  await expect(done.nth(1)).toContainText('not issued, nothing charged');
  await expect(done.nth(1)).toContainText('sold out');
  await expect(done.nth(2)).toContainText('Top-up');
  await expect(done.nth(2)).toContainText('issued');
  const charged = sumMoney([jp.retail, jp.retail, topupOffer.retail], jp.retail.currency);
  await expect(result).toContainText(`Charged: ${formatMoney(charged)} (Card).`);
  // The customer sees what was issued and what it came to, not the line that was not.
  await expect(screen.locator('.cd-basket-lines > li')).toHaveCount(2);
  await expect(screen).toContainText(`Total: ${formatMoney(charged)}`);
  await page.screenshot({ path: test.info().outputPath('basket-result.png') });
  await expectNoViolations(page, 'the basket sold');

  // One receipt for the basket, then the two vouchers and the top-up's receipt.
  const receipt = page.getByTestId('basket-receipt');
  await expect(receipt).toContainText('Your purchase');
  await expect(receipt).toContainText('Not issued, not charged');
  await expect(receipt).toContainText(`Paid ${formatMoney(charged)} · Card`);
  await expect(page.getByTestId('voucher').locator('article')).toHaveCount(2);
  await expect(page.getByTestId('topup-receipt')).toHaveCount(1);

  // Each issued line is one order at the service; the refused one none.
  const references = await done.evaluateAll((items) =>
    items.map((item) => item.textContent?.match(/(?:EC|TU)-(?:[\w.]+-)?\d{8}-[0-9A-Z]{8}/)?.[0]),
  );
  const { orders } = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as { orders: { description: string }[] };
  expect(references.every((reference) => reference !== undefined)).toBe(true);
  expect(references.map((reference) => orders.filter((o) => o.description === reference).length)).toEqual([1, 0, 1]);
  // The eSIM sold before the test, then the basket's two: nothing else was ordered.
  expect(orders).toHaveLength(3);

  // Done: the next customer's basket is empty.
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Nothing in the basket yet: add a package or a top-up.')).toBeVisible();
  await expect(screen).toHaveAttribute('data-kind', 'thanks');
});

test('a basket whose answer is lost is read back and shown sold; one that cannot be read back is only sent again as it was', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await expectFloatBarShown(page);
  await page.evaluate(() => (window.location.hash = 'basket'));
  const japan = await openCountry(page, 'Japan', 'Japan');
  await japan.card.getByRole('button').click();
  await page.getByRole('radio', { name: 'Cash' }).check();
  // The backend takes the basket and answers; the answer never reaches the page.
  await page.route('**/rpc/baskets.create', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const gets = page.waitForRequest('**/rpc/baskets.get');
  await page.getByRole('button', { name: /^Sell the basket for / }).click();
  await gets;
  const result = page.getByTestId('basket-result');
  await expect(result.getByRole('heading')).toHaveText('Issued: 1 of 1');
  const ordersOf = async (line: number) => {
    const reference = (await result.getByRole('listitem').nth(line).innerText()).match(/EC-(?:[\w.]+-)?\d{8}-[0-9A-Z]{8}/)?.[0];
    expect(reference).toBeDefined();
    const { orders } = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as { orders: { description: string }[] };
    return orders.filter((o) => o.description === reference).length;
  };
  expect(await ordersOf(0)).toBe(1);
  await result.getByRole('button', { name: 'Done' }).click();

  // The next basket: taken, and neither its answer nor its read-back reaches the page.
  const again = await openCountry(page, 'Japan', 'Japan');
  await again.card.getByRole('button').click();
  await again.card.getByRole('button').click();
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.route('**/rpc/baskets.get', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: /^Sell the basket for / }).click();
  await expect(page.getByText(/No answer came for this basket/)).toBeVisible();
  // Nothing of it may change: only sent again, as it was.
  await expect(page.getByRole('button', { name: 'Empty the basket' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeDisabled();
  await expect(
    page.getByText('The basket has been sent: nothing can be added or changed until its answer is known.'),
  ).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(result.getByRole('heading')).toHaveText('Issued: 1 of 1');
  await expect(result).toContainText('2 × ');
  expect(await ordersOf(0)).toBe(1);
});

test('the basket and its result hold in the pseudo-locale at 1024×768: nothing cut, overflowing or overlapping', async ({
  page,
  app,
}) => {
  const iccid = (await sellThroughApi(app)).esims[0]!.iccid;
  await signInAs(app, DEMO_STAFF.clerk);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await page.evaluate(() => (window.location.hash = 'basket'));
  await expect(page.getByRole('heading', { level: 1, name: xa('Basket: packages and top-ups, one payment') })).toBeVisible();
  await expectLayoutHolds(page, 'the basket empty');

  await (await firstPackageOf(page, 'Japan', /Japan/, xa)).getByRole('button').click();
  await scan(page, iccid);
  await page
    .getByRole('list', { name: xa('Top-ups') })
    .getByRole('button')
    .first()
    .click();
  const lines = page.getByRole('list', { name: xa('In the basket') }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await page.getByRole('radio', { name: xa('Cash') }).check();
  await page.screenshot({ path: test.info().outputPath('basket-pseudo.png') });
  await expectLayoutHolds(page, 'the basket filled');

  await page.locator('.basket-side .button.primary').click();
  await expect(page.getByTestId('basket-result').getByRole('heading')).toBeVisible();
  await expectLayoutHolds(page, 'the basket sold');
});
