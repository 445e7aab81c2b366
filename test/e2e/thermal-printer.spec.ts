/**
 * A thermal receipt printer in browser mode, end to end: the page composes the receipt, the backend
 * encodes it in ESC/POS and sends it over TCP to a fake printer on 127.0.0.1, which reads the bytes
 * back — the QR codes and the Code 128 barcode by their payloads, the cut, the drawer pulse.
 */
import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/browser-mode.ts';
import { parseEscPos, startFakePrinter, type FakePrinter } from '../support/fake-printer.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openAs, rpc, seedDay, signInAs } from './manager-setup.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

let printer: FakePrinter;
test.beforeEach(async () => {
  printer = await startFakePrinter();
});
test.afterEach(async () => {
  await printer.close();
});

/** Headless Chromium has no print dialog: count the calls; the thermal path must make none. */
async function countDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
}

test('a cash sale opens the drawer once and the voucher prints on the thermal printer; a card sale opens nothing', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'settings.update', {
    storeName: 'Harbour Phones',
    storeAddress: '1 Harbour Street, Hamburg',
    taxId: 'DE123456789',
    printer: {
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'network', host: printer.host, port: printer.port }, width: 80, cashDrawer: true },
    },
  });
  await rpc(app, 'session.signOut', {});
  await countDialogs(page);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);

  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page, { payment: 'Cash' });
  const esim = sale.esims[0]!;
  // The drawer opens as the sale completes: one job, a pulse and nothing else.
  const [kick] = await printer.waitForJobs(1);
  expect(parseEscPos(kick!)).toMatchObject({ pulses: [{ pin: 0, onMs: 100, offMs: 500 }], qrCodes: [], cuts: 0 });

  await page.getByRole('button', { name: 'Print voucher' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Printed on 127.0.0.1:${printer.port}.` })).toBeVisible();
  const voucher = parseEscPos((await printer.waitForJobs(2))[1]!);
  expect(voucher.qrCodes).toEqual([esim.qrcode, esim.appleInstallUrl]);
  expect(voucher.barcodes).toEqual([{ symbology: 0x49, data: esim.iccid }]);
  expect(voucher.cuts).toBe(1);
  expect(voucher.pulses).toEqual([]);
  expect(voucher.unknown).toEqual([]);
  expect(voucher.largeLines).toContain('Harbour Phones');
  expect(voucher.lines).toEqual(expect.arrayContaining(['1 Harbour Street, Hamburg', 'Tax ID DE123456789', 'SM-DP+ address:']));
  const [, smdp, code] = /^LPA:1\$([^$]+)\$([^$]+)/.exec(esim.qrcode!)!;
  expect(voucher.lines).toEqual(expect.arrayContaining([smdp, code]));
  expect(Math.max(...voucher.lines.map((line) => line.length))).toBeLessThanOrEqual(48);
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);

  // A card sale: its voucher prints, and the drawer stays shut.
  await page.getByRole('button', { name: 'New sale' }).click();
  await openCountry(page, 'jap', 'Japan');
  await sellFocusedPackage(page, { payment: 'Card' });
  await page.getByRole('button', { name: 'Print voucher' }).click();
  const jobs = await printer.waitForJobs(3);
  expect(parseEscPos(jobs[2]!).qrCodes).toHaveLength(2);
  // A second copy goes to the printer after anything the card sale sent it: once it is there,
  // a drawer kick for the card would be too.
  await page.getByRole('button', { name: 'Print voucher' }).click();
  await printer.waitForJobs(4);
  expect(printer.jobs.map((job) => parseEscPos(job).pulses.length)).toEqual([1, 0, 0, 0]);
});

test('a voucher in Japanese: the words the printer has no code page for come as pictures, the codes still as the printer’s own', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'settings.update', {
    printer: {
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'network', host: printer.host, port: printer.port }, width: 80, cashDrawer: false },
    },
  });
  await rpc(app, 'session.signOut', {});
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  // The customer picks Japanese at the display: the voucher is in their words.
  await rpc(app, 'display.setLanguage', { language: 'ja' });
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page, { payment: 'Card' });
  const esim = sale.esims[0]!;
  await page.getByRole('button', { name: 'Print voucher' }).click();
  const voucher = parseEscPos((await printer.waitForJobs(1))[0]!);
  expect(voucher.qrCodes).toEqual([esim.qrcode, esim.appleInstallUrl]);
  expect(voucher.barcodes).toEqual([{ symbology: 0x49, data: esim.iccid }]);
  expect(voucher.images.length).toBeGreaterThan(3);
  for (const image of voucher.images) {
    expect(image.width).toBeLessThanOrEqual(576);
    // Something drawn: not a blank picture.
    expect(image.bits.some((byte) => byte !== 0)).toBe(true);
  }
  // What is printed as text is what a code page holds: the ICCID line, the SM-DP+ address.
  expect(voucher.lines.join('\n')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  expect(voucher.unknown).toEqual([]);
  expect(voucher.cuts).toBe(1);
});

/** Settings → Printer as a manager, receipts set to go straight to a thermal printer. */
async function thermalForm(page: Page, app: RunningApp) {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('form', { name: 'Printer' });
  await panel.getByRole('radio', { name: 'Straight to a receipt printer (ESC/POS)' }).check();
  return panel;
}

test('the manager tries a 58 mm printer from Settings: the test page prints narrow, with its codes, cut and a drawer pulse', async ({
  page,
  app,
}) => {
  const panel = await thermalForm(page, app);
  await panel.getByRole('textbox', { name: 'Printer address (IP or name)' }).fill(printer.host);
  await panel.getByRole('textbox', { name: 'Port' }).fill(String(printer.port));
  await panel.getByRole('radio', { name: '58 mm' }).check();
  await panel.getByRole('checkbox', { name: /A cash drawer is plugged/ }).check();
  await panel.getByRole('button', { name: 'Print a test page' }).click();
  await expect(panel.getByRole('status')).toContainText(`The test page went to ${printer.host}:${printer.port}.`);

  const page58 = parseEscPos((await printer.waitForJobs(1))[0]!);
  expect(page58.qrCodes).toEqual(['eSIM Counter test page']);
  expect(page58.barcodes).toEqual([{ symbology: 0x49, data: '0123456789' }]);
  expect(page58.cuts).toBe(1);
  expect(page58.pulses).toHaveLength(1);
  expect(page58.lines).toContain('Roll: 58 mm');
  expect(Math.max(...page58.lines.map((line) => line.length))).toBeLessThanOrEqual(32);

  // Saved, it is where receipts go from now on.
  await panel.getByRole('button', { name: 'Save printer' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await rpc(app, 'print.setup', {})).receipt).toEqual({ kind: 'escpos', width: 58, dots: 384, cashDrawer: true });
});

test('a printer is never a file nor any port: the form says so, and a test page to an unsaved low port is refused in words', async ({
  page,
  app,
}) => {
  const panel = await thermalForm(page, app);
  await panel.getByRole('radio', { name: 'USB or serial port' }).check();
  const device = panel.getByRole('textbox', { name: 'Device' });
  await device.fill(`${app.dataDir}/counter.json`);
  await expect(
    panel.getByText('Enter the printer’s device, such as /dev/usb/lp0, /dev/ttyUSB0 or COM3, never a file or a folder.'),
  ).toBeVisible();
  await expect(device).toHaveAttribute('aria-invalid', 'true');
  await device.fill('/dev/usb/lp0');
  await expect(device).toHaveAttribute('aria-invalid', 'false');

  await panel.getByRole('radio', { name: 'Network' }).check();
  await panel.getByRole('textbox', { name: 'Printer address (IP or name)' }).fill('127.0.0.1');
  await panel.getByRole('textbox', { name: 'Port' }).fill('22');
  await panel.getByRole('button', { name: 'Print a test page' }).click();
  await expect(panel.getByRole('alert')).toContainText('A test page goes to the saved printer, or to a port from');
  expect(printer.jobs).toHaveLength(0);
});

test('the Z report on the thermal printer: the store’s head, the totals as label and amount on 48 columns, cut', async ({
  page,
  app,
}) => {
  const day = await seedDay(app);
  await rpc(app, 'settings.update', {
    storeName: 'Harbour Phones',
    taxId: 'DE123456789',
    printer: {
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'network', host: printer.host, port: printer.port }, width: 80, cashDrawer: true },
    },
  });
  await openAs(page, app, 'close');
  await page.getByRole('textbox', { name: `Counted cash (${day.currency})` }).fill('0');
  await page.getByRole('button', { name: 'Close the day' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the day' }).click();
  await expect(page.getByText('Day closed')).toBeVisible();
  await page.getByRole('combobox', { name: 'Paper' }).selectOption('80mm');
  await page.getByRole('button', { name: 'Print Z report' }).click();

  const z = parseEscPos((await printer.waitForJobs(1))[0]!);
  expect(z.largeLines).toContain('Harbour Phones');
  expect(z.lines).toEqual(expect.arrayContaining(['Tax ID DE123456789', 'Z report — end of day']));
  // "Sales" and its count on one line, the count flush at the end.
  expect(z.lines.find((line) => /^Sales\s+4$/.test(line))).toBeDefined();
  expect(Math.max(...z.lines.map((line) => line.length))).toBeLessThanOrEqual(48);
  expect(z.cuts).toBe(1);
  // A report opens no drawer.
  expect(z.pulses).toEqual([]);
  expect(z.unknown).toEqual([]);
});

test('a period’s report on a 58 mm thermal printer: its figures in 32 columns; a printer that does not answer is said so', async ({
  page,
  app,
}) => {
  await seedDay(app);
  const escpos = (port: number) =>
    ({
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'network', host: printer.host, port }, width: 58, cashDrawer: true },
    }) as const;
  await rpc(app, 'settings.update', { storeName: 'Harbour Phones', printer: escpos(printer.port) });
  await countDialogs(page);
  await openAs(page, app, 'reports');
  await page.getByRole('button', { name: 'Print on receipt printer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Printed on 127.0.0.1:${printer.port}.` })).toBeVisible();

  const paper = parseEscPos((await printer.waitForJobs(1))[0]!);
  expect(paper.largeLines).toContain('Harbour Phones');
  expect(paper.lines).toEqual(
    expect.arrayContaining(['Sales report', 'TOTALS', 'BY PAYMENT METHOD', 'BY CLERK', 'TOP PACKAGES']),
  );
  // Each figure flush at the end of its label's line, amounts as the screen writes them.
  expect(paper.lines.find((line) => /^Sales\s+4$/.test(line))).toHaveLength(32);
  const revenue = (await page.getByTestId('total-revenue').locator('.stat-value').textContent())!;
  expect(paper.lines).toContain(`Revenue${' '.repeat(32 - 7 - revenue.length)}${revenue}`);
  expect(paper.lines.find((line) => /^Cash \(3\)\s+\S+$/.test(line))).toHaveLength(32);
  expect(paper.lines.find((line) => line.startsWith(`Dana Clerk (1)`))).toBeDefined();
  expect(Math.max(...paper.lines.map((line) => line.length))).toBeLessThanOrEqual(32);
  expect(paper.cuts).toBe(1);
  expect(paper.pulses).toEqual([]);
  expect(paper.unknown).toEqual([]);
  // Through the thermal path only: no print dialog.
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);

  // Switched off: nothing listens at its address any more.
  const off = await startFakePrinter();
  await off.close();
  await rpc(app, 'settings.update', { printer: escpos(off.port) });
  await page.getByRole('button', { name: 'Print on receipt printer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The printer at 127.0.0.1:${off.port} does not answer. Is it switched on?` }),
  ).toBeVisible();
});
