import type { StaffTile } from '../../shared/contract.ts';
import type { TopupView } from '../../shared/sales.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openByShortcut, rpc, sellThroughApi } from './counter-helpers.ts';

test('a top-up found and reprinted from History', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  // The top-up is made through the API too, by the clerk, then the clerk signs out.
  const staff = await rpc<StaffTile[]>(app, 'staff.list', {});
  await rpc(app, 'session.signIn', {
    staffId: staff.find((s) => s.name === DEMO_STAFF.clerk.name)!.id,
    pin: DEMO_STAFF.clerk.pin,
  });
  const options = await rpc<{ offers: { id: string }[] }>(app, 'topups.options', { iccid });
  const topup = await rpc<TopupView>(app, 'topups.create', { iccid, packageId: options.offers[0]!.id, paymentMethod: 'card' });
  expect(topup.status).toBe('completed');
  await rpc(app, 'session.signOut', {});

  // Headless Chromium has no print dialog: count the calls instead.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 5, 'History');
  // Today's list has both: the sale and the top-up of its eSIM, the top-up marked as one.
  await expect(page.getByRole('heading', { name: /Today’s sales · 1 sale · 1 top-up/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Open top-up ${topup.reference}` })).toBeVisible();

  // The eSIM's last digits find the sale and its top-up, on every day.
  const search = page.getByRole('searchbox', { name: /Search by ICCID/ });
  await search.fill(iccid.slice(-6));
  await expect(page.getByRole('heading', { name: /· 1 sale · 1 top-up/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Top-up' })).toHaveCount(1);

  // The top-up's reference finds it alone; Enter opens it with its receipt.
  await search.fill(topup.reference);
  await expect(page.getByRole('heading', { name: /· 0 sales · 1 top-up/ })).toBeVisible();
  await search.press('Enter');
  const detail = page.getByRole('region', { name: /^Top-up — / });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(detail).toContainText(topup.reference);
  await expect(detail).toContainText(iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
  // What the eSIM has now at the service: the package it was sold with and this top-up.
  const packages = detail.getByRole('region', { name: 'Packages on this eSIM' });
  await expect(packages.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('topup-receipt')).toContainText(topup.reference);
  await page.screenshot({ path: test.info().outputPath('history-topup.png') });

  await detail.getByRole('button', { name: 'Print the receipt again' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The printed page is the receipt.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('topup-receipt')).toBeVisible();
  await expect(page.getByTestId('topup-receipt')).toContainText(iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.emulateMedia({ media: 'screen' });

  // From there, straight to Top up with the eSIM filled in.
  await detail.getByRole('button', { name: 'Top up this eSIM' }).click();
  await expect(page).toHaveURL(/#topup$/);
  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue(iccid);
});
