/**
 * A clerk sells in their own language, at 1024×768: German and Arabic chosen with the picker in
 * the top bar, Japanese because the clerk's staff record says so. The page says its language (and
 * direction), the screens speak it, nothing overflows, and the QR on screen and the voucher's QR
 * and ICCID barcode still read back exactly.
 */
import type { Page } from '@playwright/test';
import type { SaleView } from '../../shared/sales.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { decodeAllPng, decodePng, pdfPages } from '../support/decode.ts';
import { rpc, sellThroughApi } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectLayoutHolds, expectTopBarInOneRow } from './layout-helpers.ts';
import { expectFloatBarShown, expectPackageFocused } from './sell-helpers.ts';

test.use({ viewport: { width: 1024, height: 768 } });

/** The words a clerk meets on the way through a sale, as each language has them. */
type Words = {
  code: 'de' | 'ja' | 'ar';
  dir: 'ltr' | 'rtl';
  /** The language's own name, as the picker shows it. */
  endonym: string;
  rail: readonly string[];
  search: string;
  packagesFor: string;
  details: string;
  cash: string;
  confirm: string;
  sold: RegExp;
  qr: string;
  printVoucher: string;
};

const GERMAN: Words = {
  code: 'de',
  dir: 'ltr',
  endonym: 'Deutsch',
  rail: ['Verkaufen', 'Aufladen', 'Verbrauch', 'Gerätecheck', 'Verlauf'],
  search: 'Länder suchen',
  packagesFor: 'Pakete für Japan',
  details: 'Details',
  cash: 'Bar',
  confirm: 'Verkauf bestätigen',
  sold: /^Verkauft — /,
  qr: 'QR-Code zur Installation',
  printVoucher: 'Beleg drucken',
};

const JAPANESE: Words = {
  code: 'ja',
  dir: 'ltr',
  endonym: '日本語',
  rail: ['販売', 'チャージ', '使用量', '端末チェック', '履歴'],
  search: '国を検索',
  packagesFor: '日本のプラン',
  details: '詳細',
  cash: '現金',
  confirm: '販売内容の確認',
  sold: /^販売完了 — /,
  qr: 'インストール用QRコード',
  printVoucher: 'バウチャーを印刷',
};

const ARABIC: Words = {
  code: 'ar',
  dir: 'rtl',
  endonym: 'العربية',
  rail: ['بيع', 'إعادة شحن', 'الاستهلاك', 'فحص الجهاز', 'السجل'],
  search: 'البحث عن بلد',
  packagesFor: 'باقات اليابان',
  details: 'التفاصيل',
  cash: 'نقدًا',
  confirm: 'تأكيد البيع',
  sold: /^تم البيع — /,
  qr: 'رمز QR للتثبيت',
  printVoucher: 'طباعة القسيمة',
};

async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Headless Chromium has no print dialog: count the calls, and print to PDF instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
}

/** The screens speak the language: its lang and dir on the page, its words on the rail, no English. */
async function expectLanguage(page: Page, words: Words): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', words.code);
  await expect(page.locator('html')).toHaveAttribute('dir', words.dir);
  const rail = page.getByRole('navigation').first();
  for (const entry of words.rail) await expect(rail.getByRole('link', { name: entry, exact: true })).toBeVisible();
  await expect(rail).not.toContainText(/Sell|Top up|History/);
  await expect(page.locator('.language-picker')).toContainText(words.endonym);
}

/** Country, package, details, confirm, result: by keyboard, the payment by a click; layout checked at each step. */
async function sellJapan(page: Page, words: Words): Promise<SaleView> {
  await expectFloatBarShown(page);
  await expectTopBarInOneRow(page);
  const search = page.getByRole('combobox', { name: words.search });
  await search.fill('jap');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expectLayoutHolds(page, `${words.code}: countries`);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: words.packagesFor })).toBeVisible();
  await expectPackageFocused(page);
  await expectLayoutHolds(page, `${words.code}: packages`);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: words.details, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: words.cash }).click();
  await expectLayoutHolds(page, `${words.code}: details`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: words.confirm })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Confirm the sale');
  await expectLayoutHolds(page, `${words.code}: confirm`);

  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/sales.create'));
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as { ok: boolean; value: SaleView };
  expect(body.ok).toBe(true);
  await expect(page.getByRole('heading', { name: words.sold })).toBeVisible();
  await expectLayoutHolds(page, `${words.code}: result`);
  await expectTopBarInOneRow(page);
  await page.screenshot({ path: test.info().outputPath(`sold-${words.code}.png`) });
  return body.value;
}

/** The QR on screen, and the printed voucher's QR and ICCID barcode, read back exactly. */
async function expectCodesReadBack(page: Page, sale: SaleView, words: Words): Promise<void> {
  const esim = sale.esims[0]!;
  const qr = page.getByRole('img', { name: words.qr, exact: true });
  expect(decodePng(await qr.screenshot(), 'qr')).toBe(esim.qrcode);

  await page.getByRole('button', { name: words.printVoucher }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBeGreaterThan(0);
  const pages = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), 200);
  expect(pages).toHaveLength(1);
  expect(decodeAllPng(pages[0]!, 'qr')).toContain(esim.qrcode);
  expect(decodeAllPng(pages[0]!, 'code128')).toContain(esim.iccid);
}

async function pickLanguage(page: Page, app: RunningApp, words: Words): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).selectOption(words.code);
  await expectLanguage(page, words);
  // Kept with the clerk's own record: the next sign-in is in the same language.
  expect((await rpc<{ language: string | null }>(app, 'session.current', {})).language).toBe(words.code);
}

test('in German, picked in the top bar: the whole sale, the QR and the voucher', async ({ page, app }) => {
  await countPrints(page);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await pickLanguage(page, app, GERMAN);
  const sale = await sellJapan(page, GERMAN);
  await expectCodesReadBack(page, sale, GERMAN);
});

test('in German, regions and the world are named in German on the picker, the heading and every card', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await pickLanguage(page, app, GERMAN);
  const cards = page.getByRole('list', { name: 'Pakete' });
  const search = page.getByRole('combobox', { name: GERMAN.search });
  // Japan's own packages, then the region's and the world's that work there too.
  await search.fill('jap');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: GERMAN.packagesFor })).toBeVisible();
  // (The operators' names, "Asia Telecom", "Discover Global", are the partner's, as they are.)
  await expect(cards.locator('.chip-regional').first()).toHaveText('Regional: Asien');
  await expect(cards.locator('.chip-global').first()).toHaveText('Global: Weltweit');
  await expect(cards).not.toContainText(/: (Asia|Discover Global)/);
  await expectLayoutHolds(page, 'de: a country’s packages with a region’s');

  await search.fill('afri');
  await page
    .getByRole('option', { name: /Afrika/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Pakete für Afrika' })).toBeVisible();
  await expect(cards.locator('.chip-regional').first()).toHaveText('Regional: Afrika');
  await expect(cards).not.toContainText(': Africa');
  await page.screenshot({ path: test.info().outputPath('regions-de.png') });
});

test('in Japanese, the clerk’s own language: the screens are Japanese from the sign-in on', async ({ page, app }) => {
  // Chris set Japanese for himself on an earlier day.
  await sellThroughApi(app);
  const staff = await rpc<{ id: string; name: string }[]>(app, 'staff.list', {});
  await rpc(app, 'session.signIn', {
    staffId: staff.find((s) => s.name === DEMO_STAFF.clerk.name)!.id,
    pin: DEMO_STAFF.clerk.pin,
  });
  await rpc(app, 'session.setLanguage', { language: 'ja' });
  await rpc(app, 'session.signOut', {});

  await countPrints(page);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await expectLanguage(page, JAPANESE);
  const sale = await sellJapan(page, JAPANESE);
  await expectCodesReadBack(page, sale, JAPANESE);
});

test('in Arabic, picked in the top bar: right to left, mirrored, and the codes still read', async ({ page, app }) => {
  await countPrints(page);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await pickLanguage(page, app, ARABIC);
  // Mirrored: the rail on the right of the screen, the brand at the right end of the top bar.
  const rail = (await page.getByRole('navigation').first().boundingBox())!;
  const main = (await page.getByRole('main').boundingBox())!;
  expect(rail.x).toBeGreaterThan(main.x + main.width - 1);
  const brand = (await page.locator('.brand').boundingBox())!;
  const signOut = (await page.getByRole('button', { name: 'تسجيل الخروج' }).boundingBox())!;
  expect(brand.x).toBeGreaterThan(signOut.x);

  const sale = await sellJapan(page, ARABIC);
  // The ICCID reads left to right inside the right-to-left page.
  const iccid = sale.esims[0]!.iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
  await expect(page.getByText(iccid, { exact: true })).toBeVisible();
  await expectCodesReadBack(page, sale, ARABIC);
});
