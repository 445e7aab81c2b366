import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { decodeAllPng, decodePng, pdfPages } from '../support/decode.ts';
import type { DisplayState } from '../../shared/display.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { rpc } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

/** The display as the clerk opens it: a second tab of the same launch, on its own key. */
async function openDisplay(page: Page, app: RunningApp): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  await display.setViewportSize({ width: 1024, height: 600 });
  await expect(display).toHaveURL(`${app.origin}/display`);
  return display;
}

/** The text of a PDF, as poppler reads it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

test('the customer picks Deutsch at the display: the clerk sells in English, the install and the voucher are German', async ({
  page,
  app,
}) => {
  await page.addInitScript(() => {
    // Headless Chromium has no print dialog: count the calls, and print to PDF below instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await openDisplay(page, app);
  const screen = display.getByRole('main');
  await expect(screen).toContainText('Welcome');

  // Every customer language, each in its own name, large enough for a finger. (The bar's own name
  // follows the customer's language: "Language", then "Sprache".)
  await expect(display.getByRole('navigation', { name: 'Language' })).toBeVisible();
  const bar = display.getByRole('navigation');
  await expect(bar.getByRole('button')).toHaveCount(17);
  for (const name of ['English', 'Deutsch', '日本語', 'العربية', 'Türkçe', 'Polski']) {
    const button = bar.getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    expect((await button.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
  }

  await bar.getByRole('button', { name: 'Deutsch' }).click();
  await expect(screen).toContainText('Willkommen bei');
  await expect(bar.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
  await expect(display.locator('html')).toHaveAttribute('lang', 'de');
  // The counter knows: the backend holds the customer's language.
  expect((await rpc<DisplayState>(app, 'display.current', {})).customerLanguage).toBe('de');

  // The clerk works in English throughout; the customer reads German, France by its German name.
  await openCountry(page, 'fra', 'France');
  await page.keyboard.press('Enter');
  await expect(screen).toHaveAttribute('data-kind', 'offer');
  await expect(screen).toContainText(/Gültig für \d+ Tage? · Frankreich/);
  await expect(screen).not.toContainText('France');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.keyboard.press('Escape');
  const sale = await sellFocusedPackage(page);
  const esim = sale.esims[0]!;
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();

  await page.getByRole('button', { name: 'Show on customer display' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'install');
  await expect(screen).toContainText('Installieren Sie jetzt Ihre eSIM');
  await expect(screen.getByRole('list', { name: 'Installationsschritte' })).toContainText('Mit dem WLAN verbinden');
  // The store's clock, as German writes it: the store is American (12-hour), the customer reads "16:49".
  expect((await rpc<{ locale: string }>(app, 'app.info', {})).locale).toMatch(/^en-/);
  await expect(screen.locator('.cd-clears')).toHaveText(/^Zu Ihrer Sicherheit verschwindet dieser Code um \d{2}:\d{2}\.$/);
  const qr = display.getByRole('img', { name: 'QR-Code zur Installation', exact: true });
  expect(decodePng(await qr.screenshot(), 'qr')).toBe(esim.qrcode);
  await display.screenshot({ path: test.info().outputPath('display-install-de.png') });

  // The clerk's install guide asks the eSIM service in the customer's language, and says so.
  await expect(page.getByRole('list', { name: 'Install steps' })).toContainText('Mit dem WLAN verbinden');
  await page.locator('summary', { hasText: 'Installation steps' }).click();
  const guide = page.locator('.install-guide');
  await expect(guide.getByRole('combobox', { name: 'Language' })).toHaveValue('de');
  await expect(guide.getByText('Steps in German')).toBeVisible();
  await expect(guide.getByText('Gehe zu Einstellungen > Mobilfunk > Mobilfunktarif hinzufügen.').first()).toBeVisible();
  // Korean: the service has none, and the clerk is told the steps are in English.
  await guide.getByRole('combobox', { name: 'Language' }).selectOption('ko');
  await expect(guide.getByText('The eSIM service has no steps in Korean: these are in English.')).toBeVisible();
  await expect(guide.getByText('Go to Settings > Cellular/Mobile > Add Cellular/Mobile Plan.').first()).toBeVisible();

  // The voucher prints in German, marked DEMO as everywhere.
  await page.getByRole('button', { name: 'Print voucher' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBeGreaterThan(0);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(test.info().outputPath('voucher-de.pdf'), pdf);
  const text = pdfText(pdf);
  expect(text).toContain('DEMO — KEINE ECHTE eSIM');
  // Poppler reads the invisible isolates around the data as characters and loses the space beside them.
  expect(text).toMatch(new RegExp(`\u2068?${sale.packageData}\u2069? ?· ${sale.packageDays} Tage?`));
  expect(text).toContain('Mit der Kamera Ihres Telefons scannen');
  expect(text).toContain('Mit dem WLAN verbinden');
  expect(text).toContain('Zum Aufladen: Bringen Sie diesen Beleg mit');
  expect(text).not.toMatch(/Scan with your phone|Connect to Wi-Fi|NOT A REAL/);
  const pages = pdfPages(pdf, 200);
  expect(pages).toHaveLength(1);
  expect(decodeAllPng(pages[0]!, 'qr')).toContain(esim.qrcode);
  expect(decodeAllPng(pages[0]!, 'code128')).toContain(esim.iccid);

  // The next customer: thanks in German, then the welcome in the store's language again.
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(screen).toContainText('Vielen Dank!');
  await expect(screen).toHaveAttribute('data-kind', 'idle', { timeout: 25_000 });
  await expect(screen).toContainText('Welcome');
  await expect(bar.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
});

test('a region’s package is named in the customer’s language on the display, whatever the clerk’s', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await openDisplay(page, app);
  const screen = display.getByRole('main');
  await display.getByRole('navigation').getByRole('button', { name: '한국어' }).click();
  await expect(display.locator('html')).toHaveAttribute('lang', 'ko');

  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill('asia');
  await page.getByRole('option', { name: /^Asia\b/ }).click();
  await expect(page.getByRole('heading', { name: 'Packages for Asia' })).toBeVisible();
  await page.getByRole('list', { name: 'Packages' }).getByRole('button').first().click();
  await expect(screen).toHaveAttribute('data-kind', 'offer');
  await expect(screen.locator('.cd-big').first()).toHaveText(/^\d+일간 유효 · 아시아$/);
  await expect(screen).not.toContainText('Asia');
  await display.screenshot({ path: test.info().outputPath('display-offer-region-ko.png') });
});

test('in Arabic the display is mirrored, and the QR stays whole at 800×480', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page);
  await page.getByRole('button', { name: 'Show on customer display' }).click();

  const display = await page.context().newPage();
  await display.setViewportSize({ width: 800, height: 480 });
  await display.goto(`${app.origin}/display#key=${app.key}`);
  await display.getByRole('button', { name: 'العربية' }).click();
  await expect(display.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(display.getByRole('main')).toContainText('ثبّت شريحة eSIM الآن');
  const qr = (await display.getByRole('img', { name: 'رمز QR للتثبيت', exact: true }).boundingBox())!;
  const steps = (await display.getByRole('heading', { name: 'ثبّت شريحة eSIM الآن' }).boundingBox())!;
  // Mirrored: the QR on the right, the words on its left; whole on the screen, above the language bar.
  expect(qr.x).toBeGreaterThan(steps.x);
  const bar = (await display.getByRole('navigation').boundingBox())!;
  expect(qr.y).toBeGreaterThanOrEqual(0);
  expect(qr.y + qr.height).toBeLessThanOrEqual(bar.y);
  expect(qr.x + qr.width).toBeLessThanOrEqual(800);
  await display.screenshot({ path: test.info().outputPath('display-install-ar-800x480.png') });

  // The voucher the clerk prints now is Arabic; its values keep their own order inside the right-to-left lines.
  const voucher = page.getByTestId('voucher');
  await expect(voucher).toHaveAttribute('lang', 'ar');
  // Where the package works, in Arabic: not the operator's English title ("Mango Net 1 GB - 7 Days").
  await expect(voucher.locator('.voucher-package bdi').first()).toHaveText('اليابان');
  await expect(voucher).not.toContainText(sale.packageTitle);
  await page.emulateMedia({ media: 'print' });
  const line = await voucher.locator('.voucher-package strong').first().evaluate(visualOrder);
  // "1 GB · 7 أيام": the data first, so rightmost, and read left to right as a whole; the days to its left.
  expect(line.text.startsWith(`\u2068${sale.packageData}\u2069 · `), line.text).toBe(true);
  const dataFirst = line.boxes[1]!.x;
  const dataLast = line.boxes[sale.packageData.length]!.x;
  const dot = line.boxes[line.text.indexOf('·')]!.x;
  expect(dataFirst, `“${sale.packageData}” read left to right`).toBeLessThan(dataLast);
  expect(dot, 'the data right of the days').toBeLessThan(dataFirst);
  const meta = await voucher.locator('.voucher-meta').first().evaluate(visualOrder);
  // The sale's reference in one piece, left to right on one line, and the date not on both sides of it.
  const reference = meta.text.indexOf(sale.reference);
  const ref = meta.boxes.slice(reference, reference + sale.reference.length);
  expect(new Set(ref.map((b) => b.y)).size, `the reference on one line: ${JSON.stringify(meta)}`).toBe(1);
  expect(ref[0]!.x).toBeLessThan(ref.at(-1)!.x);
  const dateBeside = meta.boxes.slice(0, meta.text.indexOf(' · ')).filter((b) => b.y === ref[0]!.y);
  expect(
    dateBeside.every((b) => b.x > ref.at(-1)!.x) || dateBeside.every((b) => b.x < ref[0]!.x),
    `the date on one side of the reference: ${JSON.stringify(meta)}`,
  ).toBe(true);
  await voucher
    .locator('.voucher')
    .first()
    .screenshot({ path: test.info().outputPath('voucher-ar.png') });
});

/**
 * Where each character of an element's text is drawn (its left edge), to check what a reader sees
 * against what the text says. A character that draws nothing (a direction isolate) is at x -1.
 */
function visualOrder(element: Element): { text: string; boxes: { x: number; y: number }[] } {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const chars: { node: Text; offset: number }[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
  }
  const boxes = chars.map(({ node, offset }) => {
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, offset + 1);
    const box = range.getBoundingClientRect();
    return { x: box.width > 0 ? box.left : -1, y: Math.round(box.top) };
  });
  const text = chars.map(({ node, offset }) => node.data[offset]).join('');
  return { text, boxes };
}
