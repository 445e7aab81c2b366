/**
 * What a close counted, on the closed-day screen and on the printed Z report (A4 and 80 mm): the
 * opening float, the cash sales, the cash expected in the drawer, what was counted with its notes and
 * coins, over or short, and the card terminal's and "other" counts, all agreeing with the close record.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatMoney } from '../../shared/money.ts';
import { expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay } from './manager-setup.ts';
import { countPrints, printed } from './print-helpers.ts';

const usd = (minor: number) => formatMoney({ minor, currency: 'USD' });

/** The Z report printed through the page's print path: its text, and a PNG of its first page to look at. */
async function printedPdf(page: Page, file: string): Promise<string> {
  fs.writeFileSync(file, await printed(page, 'Print Z report'));
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('the closed day and its Z report show the float, the cash sales, the cash expected, the notes and coins counted, over or short, and the card count', async ({
  page,
  app,
}, info) => {
  await countPrints(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const day = await seedDay(app);
  await rpc(app, 'till.open', { float: { minor: 10_000, currency: 'USD' } });
  const date = (await rpc(app, 'reports.day', {})).fromDate;
  const preview = await rpc(app, 'close.preview', { date });
  const card = preview.open.expected.find((e) => e.method === 'card')!.minor;
  // 50 cents more than expected in the drawer: two $50 notes for the float, the rest in $1 notes, and a 50-cent coin.
  const expectedInDrawer = 10_000 + day.cashMinor;
  const counts = [
    { value: 5_000, count: 2 },
    { value: 100, count: day.cashMinor / 100 },
    { value: 50, count: 1 },
  ];
  expect(day.cashMinor % 100).toBe(0);
  const close = await rpc(app, 'close.commit', {
    date,
    countedCash: [{ minor: expectedInDrawer + 50, currency: 'USD' }],
    cashCounts: [{ currency: 'USD', counts }],
    countedTenders: [{ method: 'card', minor: card - 100, currency: 'USD' }],
    basis: preview.open.basis,
  });
  expect(close).toMatchObject({
    float: [{ minor: 10_000, currency: 'USD' }],
    cashDifference: [{ minor: 50, currency: 'USD' }],
    tenders: [{ method: 'card', expected: card, counted: card - 100, difference: -100 }],
  });

  const drawer = [
    ['float', usd(10_000)],
    ['cash-sales', usd(day.cashMinor)],
    ['expected', usd(expectedInDrawer)],
    ['counted', usd(expectedInDrawer + 50)],
    ['difference', '$0.50 over'],
  ] as const;
  await openAs(page, app, 'close');
  await expect(page.getByText('Day closed')).toBeVisible();
  const record = page.getByRole('region', { name: /^Day close at/ });
  for (const [line, value] of drawer) await expect(record.getByTestId(`close-1-drawer-USD-${line}`)).toContainText(value);
  await expect(record.getByTestId('close-1-drawer-USD-expected')).toHaveText(`Expected in the drawer${usd(expectedInDrawer)}`);
  await expect(record.getByTestId('close-1-tender-card-USD')).toHaveText(
    `Card (USD)Card terminal expected${usd(card)}Counted${usd(card - 100)}Over / short$1.00 short`,
  );
  await expect(record.getByRole('table', { name: 'Counted by notes and coins (USD)' }).getByRole('row')).toHaveCount(4);
  await page.screenshot({ path: 'test-results/closed-day-counted.png', fullPage: true });

  // A4: the same figures on the printed Z report.
  await page.emulateMedia({ media: 'print' });
  const z = page.getByTestId('z-report');
  for (const [line, value] of drawer) await expect(z.getByTestId(`z-drawer-USD-${line}`)).toContainText(value);
  await expect(z.getByTestId('z-denominations-USD')).toContainText(`$50 × 2${usd(10_000)}`);
  await expect(z.getByTestId('z-denominations-USD')).toContainText(`$0.50 × 1$0.50`);
  await expect(z.getByTestId('z-tender-card-USD')).toContainText('$1.00 short');
  // Back to no emulation: page.pdf prints the screen's styles while 'screen' is emulated.
  await page.emulateMedia({ media: null });
  const a4 = await printedPdf(page, 'test-results/z-report-a4.pdf');
  expect(a4).toMatch(new RegExp(`Expected in the drawer\\s+\\${usd(expectedInDrawer)}`));
  expect(a4).toMatch(/\$1 × \d+/);

  await page.getByRole('combobox', { name: 'Z report paper' }).selectOption('80mm');
  const receipt = await printedPdf(page, 'test-results/z-report-80mm.pdf');
  expect(receipt).toMatch(/Over \/ short\s+\$0\.50 over/);
  expect(receipt).toMatch(/Opening float\s+\$100\.00/);
  info.attachments.push({ name: 'z-report-a4', path: 'test-results/z-report-a4.png', contentType: 'image/png' });
});
