import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openByShortcut, sellThroughApi } from './counter-helpers.ts';

const grouped = (iccid: string) => iccid.replace(/(\d{4})(?=\d)/g, '$1 ');

test('history search: a scanner’s Enter opens the sale of the ICCID just scanned, however the ICCID is written', async ({
  page,
  app,
}) => {
  const anna = await sellThroughApi(app, DEMO_STAFF.clerk, { customerEmail: 'anna.traveller@example.com', quantity: 2 });
  const other = await sellThroughApi(app, DEMO_STAFF.clerk, { customerEmail: 'fail.case@example.com', quantity: 2 });
  const second = anna.esims[1]!.iccid;
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 5, 'History');
  const search = page.getByRole('searchbox', { name: /Search by ICCID/ });
  const detail = page.getByRole('region').filter({ has: page.getByRole('button', { name: 'Close the sale' }) });
  const rows = page.locator('.history-table tbody tr');

  // The list answers one search; then a scanner types the tail of Anna's second eSIM and Enter at once.
  await search.fill('fail.case');
  await expect(page.getByRole('heading', { name: /Sales matching “fail\.case” \(all days\) · 1 sale/ })).toBeVisible();
  await search.fill('');
  await page.keyboard.type(`${second.slice(-4)}\n`, { delay: 5 });
  await expect(detail.getByText(anna.reference)).toBeVisible();
  await expect(detail.getByText(other.reference)).toHaveCount(0);
  // The opened sale and the row show the eSIM that matched, not the sale's first.
  await expect(detail.getByText(grouped(second), { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`…${second.slice(-6)} +1`);
  await page.screenshot({ path: test.info().outputPath('history-scanned-tail.png') });

  // A new search that does not find the opened sale closes it.
  await search.fill('fail.case');
  await expect(page.getByRole('heading', { name: /Sales matching “fail\.case” \(all days\) · 1 sale/ })).toBeVisible();
  await expect(detail).toHaveCount(0);

  // The ICCID grouped as on the voucher, or with a SIM reader's trailing F, finds the sale.
  const third = other.esims[1]!.iccid;
  await search.fill('');
  await page.keyboard.type(`${grouped(third)}\n`, { delay: 5 });
  await expect(detail.getByText(other.reference)).toBeVisible();
  await expect(detail.getByText(grouped(third), { exact: true })).toBeVisible();
  await expect(rows.first()).toContainText(`…${third.slice(-6)} +1`);
  await page.screenshot({ path: test.info().outputPath('history-spaced-iccid.png') });

  await search.fill('');
  await page.keyboard.type(`${anna.esims[0]!.iccid}F\n`, { delay: 5 });
  await expect(detail.getByText(anna.reference)).toBeVisible();
  await expect(detail.getByText(grouped(anna.esims[0]!.iccid), { exact: true })).toBeVisible();
});
