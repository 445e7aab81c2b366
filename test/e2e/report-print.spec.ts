/**
 * The manager's report printed through the page's print path (browser mode: the page's PDF, as
 * Chromium prints it), on A4 and on an 80 mm receipt as long as its content.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay } from './manager-setup.ts';
import { countPrints, printed } from './print-helpers.ts';

const MM_PER_PT = 25.4 / 72;

/** The PDF's first page size in millimetres, its text, and a PNG of its first page beside it to look at. */
function readPdf(pdf: Buffer, file: string): { pages: number; widthMm: number; heightMm: number; text: string } {
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, file.replace(/\.pdf$/, '')]);
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    widthMm: Number(width) * MM_PER_PT,
    heightMm: Number(height) * MM_PER_PT,
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  };
}

test('the report prints its period, totals, margin %, comparison and breakdowns on A4 and on an 80 mm receipt, and charts the margin per day', async ({
  page,
  app,
}, info) => {
  await countPrints(page);
  await seedDay(app);
  await rpc(app, 'settings.update', { storeName: 'Harbour Phones' });
  const report = await rpc(app, 'reports.day', {});
  await openAs(page, app, 'reports');
  const ratio = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(
    report.totals.margin[0]!.minor / report.totals.revenue[0]!.minor,
  );
  await expect(page.getByTestId('total-margin-ratio')).toContainText(ratio);

  const a4 = readPdf(await printed(page, 'Print on A4'), info.outputPath('report-a4.pdf'));
  expect(a4.widthMm).toBeCloseTo(210, 0);
  expect(a4.heightMm).toBeCloseTo(297, 0);
  for (const words of [
    'Harbour Phones',
    'Sales report',
    'Time zone',
    // Printed in Demo: marked as practice, like every printout from it.
    'DEMO — PRACTICE SALES, NOT REAL TAKINGS',
    'Margin %',
    ratio,
    'Compared',
    'By clerk',
    'Chris Clerk',
    'Dana Clerk',
    'By payment method',
    'Cash',
    'By package',
    'By country (sales)',
    'Germany',
  ])
    expect(a4.text.toLowerCase()).toContain(words.toLowerCase());

  const receipt = readPdf(await printed(page, 'Print 80 mm receipt'), info.outputPath('report-80mm.pdf'));
  expect(receipt.pages).toBe(1);
  expect(receipt.widthMm).toBeCloseTo(80, 0);
  // Headings print in capitals: the words are compared whatever their case.
  // As long as its content, not the 260 mm the receipt page starts with.
  expect(receipt.heightMm).toBeLessThan(259);
  expect(receipt.heightMm).toBeGreaterThan(100);
  for (const words of ['Sales report', 'PRACTICE SALES', ratio, 'By clerk', 'Dana Clerk', 'Germany'])
    expect(receipt.text.toLowerCase()).toContain(words.toLowerCase());

  // A range of days charts the margin per day beside the revenue, its day's margin the period's.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const margin = page.getByRole('figure', { name: 'Margin per day' });
  await expect(margin).toContainText(`$3.40 in all; the most, $3.40, on `);
  await page.screenshot({ path: info.outputPath('margin-per-day.png'), fullPage: true });
});
