import { decodeAllPng, decodePng, pdfPages } from '../support/decode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

test('a clerk sells by keyboard and the QR on screen reads back as exactly the eSIM’s LPA text', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page, { payment: 'Card', email: 'anna@example.com' });

  expect(sale.status).toBe('completed');
  const esim = sale.esims[0]!;
  expect(esim.qrcode).toMatch(/^LPA:1\$/);
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();
  await expect(page.getByText(esim.iccid.replace(/(\d{4})(?=\d)/g, '$1 '), { exact: true })).toBeVisible();
  await expect(page.getByText('anna@example.com')).toBeVisible();

  const qr = await page.getByRole('img', { name: 'Install QR code', exact: true }).screenshot();
  expect(decodePng(qr, 'qr')).toBe(esim.qrcode);
  const apple = await page.getByRole('img', { name: 'Apple one-tap install QR code' }).screenshot();
  expect(decodePng(apple, 'qr')).toBe(esim.appleInstallUrl);
  // Big enough to scan across the counter.
  const box = (await page.getByRole('img', { name: 'Install QR code', exact: true }).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(300);
});

test('two eSIMs in one sale: each has its own QR, and a double Enter sells once', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'germ', 'Germany');
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/sales.create')) creates.push(r.postData() ?? '');
  });
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('+');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: /Sell for/ });
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible({ timeout: 30_000 });
  // A second Enter either found the button disabled or re-sent the same saleId, which returns the same sale.
  expect(new Set(creates.map((body) => (JSON.parse(body) as { saleId: string }).saleId)).size).toBe(1);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(2);
  const first = decodePng(await page.getByRole('img', { name: 'Install QR code', exact: true }).screenshot(), 'qr');
  await tabs.nth(1).click();
  const second = decodePng(await page.getByRole('img', { name: 'Install QR code', exact: true }).screenshot(), 'qr');
  expect(first).toMatch(/^LPA:1\$/);
  expect(second).toMatch(/^LPA:1\$/);
  expect(second).not.toBe(first);
});

test('the voucher prints to PDF with a readable QR, Apple QR and ICCID barcode, marked DEMO', async ({ page, app }) => {
  await page.addInitScript(() => {
    // Headless Chromium has no print dialog; count the calls and print to PDF below instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  const sale = await sellFocusedPackage(page);
  const esim = sale.esims[0]!;

  for (const [button, paper] of [
    ['Print voucher', '80mm'],
    ['Print on A4', 'a4'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    // The backend is asked first (the desktop app prints itself); browser mode then opens the dialog.
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBeGreaterThan(0);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdfPages(pdf, 200);
    expect(pages.length, `${paper} voucher pages`).toBe(1);
    const qrs = decodeAllPng(pages[0]!, 'qr');
    expect(qrs, `${paper} QR codes`).toContain(esim.qrcode);
    expect(qrs, `${paper} QR codes`).toContain(esim.appleInstallUrl);
    expect(decodeAllPng(pages[0]!, 'code128'), `${paper} barcode`).toContain(esim.iccid);
  }
  // The voucher itself (a print-only element) says DEMO outside Production.
  await expect(page.getByTestId('voucher')).toContainText('DEMO — NOT A REAL eSIM');
  await expect(page.getByTestId('voucher')).toBeHidden();
});
