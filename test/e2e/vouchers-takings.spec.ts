/**
 * Vouchers are sales like any other: a batch sold for cash at the counter shows in History as a
 * line of its own, is in the close's expected cash, has its line on the Z report, and is in Reports.
 */
import { formatMoney } from '../../shared/money.ts';
import type { VoucherBatchView } from '../../shared/vouchers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { rpc } from './manager-setup.ts';

test('a voucher batch paid in cash is in History, in the expected cash of the close and on its Z report', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('navigation').getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('searchbox', { name: 'Find a package' }).fill('Japan');
  await page.getByRole('list', { name: 'Packages found' }).getByRole('button').first().click();
  await page.getByRole('spinbutton', { name: 'How many codes' }).fill('2');
  await page.getByRole('textbox', { name: 'Booking reference (optional)' }).fill('TOUR-7');
  await page.getByRole('radiogroup', { name: 'Payment taken' }).getByRole('radio', { name: 'Cash' }).check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/vouchers.create'));
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  const batch = ((await (await answer).json()) as { value: VoucherBatchView }).value;
  expect(batch.status).toBe('completed');
  const amount = formatMoney({ minor: batch.unitPrice.minor * 2, currency: batch.unitPrice.currency });

  // History: a line of its own, beside the day's sales, that opens the batch with its codes.
  await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
  const row = page.getByTestId('history-voucher-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Vouchers');
  await expect(row).toContainText('TOUR-7');
  await expect(row).toContainText('2 codes');
  await expect(row).toContainText(amount);
  await expect(row).toContainText('Cash');
  await expect(row).toContainText(DEMO_STAFF.clerk.name);
  await expect(row).toContainText('Sold');
  await row.getByRole('button', { name: 'Open voucher batch TOUR-7' }).click();
  const summary = page.getByTestId('voucher-batch-summary');
  await expect(summary).toContainText('ReferenceTOUR-7');
  await expect(summary).toContainText('Codes2');
  await expect(summary).toContainText(`Total${amount} · Cash`);
  for (const code of batch.codes) await expect(page.getByTestId('voucher-codes')).toContainText(code);
  await expect(page.getByRole('button', { name: 'Print gift cards' })).toBeVisible();
  await page.screenshot({ path: 'test-results/history-voucher-line.png', fullPage: true });

  // The close: the drawer should hold the vouchers' cash.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.manager);
  await page.evaluate(() => {
    window.location.hash = 'close';
  });
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
  await expect(page.getByTestId(`expected-cash-${batch.unitPrice.currency}`)).toHaveText(amount);
  await page
    .getByRole('textbox', { name: `Counted cash (${batch.unitPrice.currency})` })
    .fill(((batch.unitPrice.minor * 2) / 100).toFixed(2));
  await page.getByRole('button', { name: 'Close the day' }).click();
  await page
    .getByRole('dialog', { name: /^Close .*\?$/ })
    .getByRole('button', { name: 'Close the day' })
    .click();
  await expect(page.getByText('Day closed')).toBeVisible();
  const date = (await rpc(app, 'reports.day', {})).fromDate;
  expect((await rpc(app, 'close.preview', { date })).closes[0]).toMatchObject({
    cashDifference: [{ minor: 0, currency: batch.unitPrice.currency }],
    report: { totals: { vouchers: 1, voucherCodes: 2 } },
  });

  // The Z report: a Vouchers line with the codes and their amount.
  await page.emulateMedia({ media: 'print' });
  const z = page.getByTestId('z-report');
  await expect(z.getByTestId('z-vouchers')).toHaveText(`Vouchers2 codes · ${amount}`);
  await z.screenshot({ path: 'test-results/z-report-vouchers.png' });

  // Reports count them too: the day's revenue is the vouchers', with a Vouchers figure of its own.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    window.location.hash = 'reports';
  });
  await expect(page.getByTestId('total-vouchers')).toContainText(`2 codes · ${amount}`);
  await expect(page.getByTestId('total-revenue')).toContainText(amount);
  await page.screenshot({ path: 'test-results/reports-vouchers.png', fullPage: true });
});
