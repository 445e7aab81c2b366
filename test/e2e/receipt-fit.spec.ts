/**
 * Receipts through the OS print path (browser mode: the page's PDF, as Chromium prints it): as long
 * as their content, not a fixed 260 mm; white behind them, not the counter's grey; the store's name,
 * address and tax ID at the head; the voucher with its SM-DP+ address and activation code.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { pdfPages } from '../support/decode.ts';
import { openByShortcut, scan, sellThroughApi } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { rpc, signInAs } from './manager-setup.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

const MM_PER_PT = 25.4 / 72;

/** The printed page's size in millimetres and its text, as poppler reads the PDF. */
function readPdf(pdf: Buffer): { pages: number; widthMm: number; heightMm: number; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
      widthMm: Number(width) * MM_PER_PT,
      heightMm: Number(height) * MM_PER_PT,
      text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The darkest pixel in the page's top and bottom rows, in its margins: white paper reads 255; the
 * counter's grey (--paper, #f5f7fb) behind a receipt reads 245.
 */
function edgeDarkest(png: Buffer): number {
  const image = PNG.sync.read(png);
  let darkest = 255;
  for (const y of [0, image.height - 1]) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 4;
      darkest = Math.min(darkest, image.data[at]!, image.data[at + 1]!, image.data[at + 2]!);
    }
  }
  return darkest;
}

async function printed(page: Page, button: string): Promise<Buffer> {
  const before = await page.evaluate(() => (window as unknown as { printed: number }).printed);
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBeGreaterThan(before);
  return page.pdf({ preferCSSPageSize: true, printBackground: true });
}

test.beforeEach(async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'settings.update', {
    storeName: 'Harbour Phones',
    storeAddress: '1 Harbour Street\n20457 Hamburg',
    taxId: 'DE123456789',
  });
  await rpc(app, 'session.signOut', {});
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
});

test('the voucher is as long as its content, on white, with the store’s head and the code to type by hand', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page);
  const pdf = await printed(page, 'Print voucher');
  const voucher = readPdf(pdf);
  expect(voucher.pages).toBe(1);
  expect(voucher.widthMm).toBeCloseTo(80, 0);
  expect(voucher.heightMm).not.toBeCloseTo(260, 0);
  expect(voucher.heightMm).toBeGreaterThan(150);
  for (const words of [
    'Harbour Phones',
    '1 Harbour Street',
    '20457 Hamburg',
    'Tax ID DE123456789',
    'SM-DP+ address',
    'Activation code',
  ])
    expect(voucher.text).toContain(words);
  const [, smdp, code] = /^LPA:1\$([^$]+)\$([^$]+)/.exec(sale.esims[0]!.qrcode!)!;
  expect(voucher.text.replace(/\s+/g, '')).toContain(smdp);
  expect(voucher.text.replace(/\s+/g, '')).toContain(code);
  expect(edgeDarkest(pdfPages(pdf, 50)[0]!)).toBe(255);
});

test('the top-up receipt is cut short after its few lines, on white, with the store’s head', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 2, 'Top up an eSIM');
  await scan(page, sale.esims[0]!.iccid);
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Topped up —/ })).toBeVisible();

  const pdf = await printed(page, 'Print receipt');
  const receipt = readPdf(pdf);
  expect(receipt.pages).toBe(1);
  expect(receipt.heightMm).toBeLessThan(130);
  for (const words of ['Harbour Phones', '20457 Hamburg', 'Tax ID DE123456789']) expect(receipt.text).toContain(words);
  expect(edgeDarkest(pdfPages(pdf, 50)[0]!)).toBe(255);
});
