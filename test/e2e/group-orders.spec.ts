// A tour group of 20 eSIMs at the counter: ordered once as the partner's asynchronous order, its
// progress on screen while the counter looks it up, and one printable voucher per eSIM.
import type { GroupOrderView } from '../../shared/orders.ts';
import { decodeAllPng, pdfPages } from '../support/decode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry } from './sell-helpers.ts';

test('a group order of 20 eSIMs: progress, result, one voucher per eSIM, ordered once', async ({ page, app }) => {
  await page.addInitScript(() => {
    // Headless Chromium has no print dialog; count the calls and print to PDF below instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();

  await page.getByRole('checkbox', { name: /Tour group: more than 10 eSIMs/ }).check();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('11');
  await quantity.fill('20');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Confirm the group order' })).toBeVisible();
  const order = page.getByRole('button', { name: /^Order 20 eSIMs for / });
  await expect(order).toBeFocused();

  // The service's orders list answers slowly at first: the progress stays on screen meanwhile.
  await sandbox.hold({ method: 'GET', path: '/v2/orders' });
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/groupOrders.create')) creates.push(r.postData() ?? '');
  });
  // The group order as the screen last read it (its eSIMs once made).
  const seen: { view: GroupOrderView | null } = { view: null };
  page.on('response', async (r) => {
    if (!r.url().endsWith('/rpc/groupOrders.get')) return;
    const read = (await r.json()) as { ok: boolean; value: GroupOrderView };
    if (read.ok) seen.view = read.value;
  });
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/groupOrders.create'));
  // A double Enter orders once.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as { ok: boolean; value: GroupOrderView };
  expect(body.ok).toBe(true);

  const progress = page.getByRole('heading', { name: 'Group order of 20 eSIMs' });
  await expect(progress).toBeFocused();
  const steps = page.getByRole('list', { name: 'Progress of the group order' });
  await expect(steps).toContainText('Sent to the eSIM service');
  await expect(steps).toContainText(/Accepted by the eSIM service at/);
  await expect(steps).toContainText('The eSIM service is making 20 eSIMs');
  await expect(page.getByRole('status').filter({ hasText: /eSIMs in a moment|Looked for at the eSIM service/ })).toBeVisible();
  await expect(page.getByText(`The order stays in History as ${body.value.sale.reference}`)).toBeVisible();
  await sandbox.release();

  const ready = page.getByRole('heading', { name: /Group order ready: 20 eSIMs/ });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(ready).toBeFocused();
  await expect.poll(() => seen.view?.sale.status).toBe('completed');
  const list = page.getByRole('table', { name: 'eSIMs of this group order' });
  await expect(list.getByRole('row')).toHaveCount(21);

  // Ordered once at the service, with 20 eSIMs, whatever the double Enter did.
  expect(creates).toHaveLength(1);
  const held = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as {
    orders: { quantity: number; iccids: string[] }[];
  };
  expect(held.orders).toHaveLength(1);
  expect(held.orders[0]!.iccids).toHaveLength(20);

  const sale = seen.view!.sale;
  expect(sale.esims.map((e) => e.iccid).sort()).toEqual([...held.orders[0]!.iccids].sort());

  await page.getByRole('button', { name: 'Print the 20 vouchers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent 20 vouchers to the printer.' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBeGreaterThan(0);
  const pages = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), 200);
  expect(pages).toHaveLength(20);
  // Each page its own eSIM: the first and the last read back as theirs.
  for (const [pageIndex, esim] of [
    [0, sale.esims[0]!],
    [19, sale.esims[19]!],
  ] as const) {
    expect(decodeAllPng(pages[pageIndex]!, 'qr'), `page ${pageIndex + 1} QR`).toContain(esim.qrcode);
    expect(decodeAllPng(pages[pageIndex]!, 'code128'), `page ${pageIndex + 1} barcode`).toContain(esim.iccid);
  }
});

test('a group order the service cannot fill is said plainly, with nothing charged and no second send offered', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const { packageId } = await openCountry(page, 'jap', 'Japan');
  await sandbox.post('/stock', { package_id: packageId, quantity: 5 });
  await page.keyboard.press('Enter');
  await page.getByRole('checkbox', { name: /Tour group/ }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('20');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('button', { name: /^Order 20 eSIMs for / }).click();

  await expect(page.getByRole('heading', { name: 'Group order of 20 eSIMs' })).toBeFocused();
  const said = page.getByRole('alert');
  await expect(said).toContainText('The group order was not taken.');
  await expect(said).toContainText('sold out');
  await expect(said).toContainText('Nothing was charged. Choose another package, or give the customer their money back.');
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Another package' }).click();
  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
});
