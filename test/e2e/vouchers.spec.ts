import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { VoucherBatchView } from '../../shared/vouchers.ts';
import { decodeAllPng, pdfPages } from '../support/decode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';

/** The text of a PDF, as poppler reads it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

test('a clerk makes three voucher codes for a tour group, prints them as German gift cards, and finds them later', async ({
  page,
  app,
}) => {
  await page.addInitScript(() => {
    // Headless Chromium has no print dialog: count the calls, and print to PDF below instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('navigation').getByRole('link', { name: 'Vouchers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'eSIM vouchers' })).toBeVisible();
  await expect(page.getByText('No vouchers yet.')).toBeVisible();
  // Nothing to buy before a package is chosen.
  await expect(page.getByRole('button', { name: 'Create vouchers' })).toBeDisabled();

  await page.getByRole('searchbox', { name: 'Find a package' }).fill('Japan');
  const found = page.getByRole('list', { name: 'Packages found' }).getByRole('button');
  await expect(found.first()).toBeVisible();
  await found.first().click();
  const quantity = page.getByRole('spinbutton', { name: 'How many codes' });
  await expect(quantity).toBeFocused();
  await quantity.fill('3');
  await page.getByRole('textbox', { name: 'Booking reference (optional)' }).fill('TOUR-42');
  await expect(page.getByText(/^3 codes · /)).toBeVisible();
  // Paid for like a sale: nothing is bought before the clerk says how.
  await expect(page.getByRole('button', { name: 'Create vouchers' })).toBeDisabled();
  await expect(page.getByText('Choose how the customer paid.')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Payment taken' }).getByRole('radio', { name: 'Card' }).check();

  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/vouchers.create'));
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  const batch = ((await (await answer).json()) as { value: VoucherBatchView }).value;
  expect(batch.status).toBe('completed');
  expect(batch.codes).toHaveLength(3);
  await expect(page.getByRole('status').filter({ hasText: '3 voucher codes created.' })).toBeVisible();

  // The batch in the list, not printed yet; its codes open beside it.
  const list = page.getByRole('region', { name: 'Vouchers made' });
  await expect(list.getByText('Booking TOUR-42')).toBeVisible();
  await expect(list.getByText(/Paid by Card/)).toBeVisible();
  expect(batch.paymentMethod).toBe('card');
  await expect(list.getByText('Not printed yet')).toBeVisible();
  await list.getByRole('button', { name: /^Show codes/ }).click();
  const detail = page.getByRole('region', { name: / · Japan$/ });
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  for (const code of batch.codes) await expect(detail.getByTestId('voucher-codes')).toContainText(code);
  await page.screenshot({ path: test.info().outputPath('vouchers-batch.png') });
  await page.screenshot({ path: 'test-results/vouchers-paid.png', fullPage: true });

  // Printed in the customer's language: one card per code, each code as text and as a barcode.
  await detail.getByRole('combobox', { name: 'Gift card language' }).selectOption('de');
  await detail.getByRole('button', { name: 'Print gift cards' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'The gift cards went to the printer.' })).toBeVisible();
  await expect(list.getByText(/^Printed /)).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(test.info().outputPath('gift-cards-de.pdf'), pdf);
  const text = pdfText(pdf);
  expect(text).toContain('eSIM-Geschenkkarte');
  expect(text).toContain('DEMO');
  expect(text).toContain('Gilt in Japan');
  expect(text).toContain('Buchung TOUR-42');
  for (const n of [1, 2, 3]) expect(text).toContain(`Karte ${n} von 3`);
  expect(text).not.toMatch(/gift card|Your code|Works in/);
  const pages = pdfPages(pdf, 200);
  expect(pages).toHaveLength(3);
  batch.codes.forEach((code, index) => {
    expect(decodeAllPng(pages[index]!, 'code128')).toContain(code);
  });
  await expect(list.getByText(/^Printed /)).toBeVisible();

  // Found again by its booking reference and by one of its codes; another text finds nothing.
  const search = list.getByRole('searchbox', { name: 'Find vouchers' });
  await search.fill('tour-42');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill(batch.codes[1]!);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Booking TOUR-42')).toBeVisible();
  await expect(list.getByText(/Paid by Card/)).toBeVisible();
  await search.fill('NO-SUCH-BOOKING');
  await expect(list.getByText('No vouchers match.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(0);
});

test('vouchers the service refuses for the shop’s credit are said in words, kept as refused, and cannot be printed', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const sandbox = await sandboxOf(app);
  await page.getByRole('navigation').getByRole('link', { name: 'Vouchers' }).click();
  await page.getByRole('searchbox', { name: 'Find a package' }).fill('Japan');
  await page.getByRole('list', { name: 'Packages found' }).getByRole('button').first().click();
  const covered = page.waitForResponse((r) => r.url().endsWith('/rpc/sales.covers'));
  await page.getByRole('spinbutton', { name: 'How many codes' }).fill('2');
  await covered;
  await page.getByRole('radio', { name: 'Cash' }).check();
  // The credit runs out after the counter said it covered the codes (a credit already short is said before).
  await sandbox.post('/balance', { amount: 0.5 });
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  await expect(page.getByRole('alert')).toContainText('the shop’s eSIM account needs topping up');
  const list = page.getByRole('region', { name: 'Vouchers made' });
  await expect(list.getByText('Refused')).toBeVisible();
  await list.getByRole('button', { name: /^Show codes/ }).click();
  const detail = page.getByRole('region', { name: / · Japan$/ });
  await expect(detail).toContainText('The eSIM service refused these vouchers.');
  await expect(detail.getByRole('button', { name: 'Print gift cards' })).toHaveCount(0);
});
