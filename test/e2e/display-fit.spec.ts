/**
 * Screens that fit: the customer display on a small customer monitor (800×480), a 7-inch tablet
 * (1024×600) and a full HD screen, idle and with the install QR and steps, never cut or scrolled;
 * and the counter's sale result at 1024×768 with its main actions in view without scrolling. At
 * 1024×768 and 800×480, in English and Arabic: every language in sight, and both QR codes with
 * modules a phone reads from arm's length.
 */
import type { Locator, Page } from '@playwright/test';
import { decodePng } from '../support/decode.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { rpc, sellThroughApi } from './counter-helpers.ts';
import { signInAs } from './manager-setup.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';

const DISPLAYS = [
  { width: 800, height: 480 },
  { width: 1024, height: 600 },
  { width: 1920, height: 1080 },
] as const;

/** Wholly inside the window, as laid out: nothing scrolled there. */
async function expectWhollyInView(page: Page, element: Locator, what: string): Promise<{ width: number; height: number }> {
  const box = await element.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const viewport = page.viewportSize()!;
  const { x, y, width, height } = box!;
  expect(
    { left: x >= 0, top: y >= 0, right: x + width <= viewport.width + 0.5, bottom: y + height <= viewport.height + 0.5 },
    `${what} at ${JSON.stringify({ x, y, width, height })} in ${viewport.width}×${viewport.height}`,
  ).toEqual({ left: true, top: true, right: true, bottom: true });
  return { width, height };
}

/** Nothing on the page is scrolled; `whole`: the page itself has nothing more to scroll to. */
async function expectNothingScrolled(page: Page, where: string, whole = true): Promise<void> {
  const scrolled = await page.evaluate((whole) => {
    const out: string[] = [];
    if (window.scrollY > 0 || (whole && document.documentElement.scrollHeight > window.innerHeight + 1)) out.push('the page');
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.scrollTop > 0) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    return out;
  }, whole);
  expect(scrolled, `scrolled on ${where}`).toEqual([]);
}

/** A sale to show, and the display opened on its own at a customer monitor's size, waiting. */
async function saleAndDisplay(page: Page, app: RunningApp, size: { width: number; height: number }) {
  const sale = await sellThroughApi(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await page.setViewportSize(size);
  await page.goto(`${app.origin}/display#key=${app.key}`);
  const screen = page.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  return { sale, screen };
}

for (const size of DISPLAYS) {
  test(`the customer display at ${size.width}×${size.height}: welcome, then the whole install QR with the steps beside it`, async ({
    page,
    app,
  }) => {
    const { sale, screen } = await saleAndDisplay(page, app, size);
    await expect(screen).toContainText('Welcome');
    await expectWhollyInView(page, screen.getByRole('heading').first(), 'the welcome');
    await expectWhollyInView(page, page.getByRole('button', { name: 'English' }), 'the language bar');
    await expectNothingScrolled(page, 'the welcome');
    await page.screenshot({ path: test.info().outputPath(`display-idle-${size.width}x${size.height}.png`) });

    await rpc(app, 'display.show', { kind: 'install', saleId: sale.id });
    const qr = page.getByRole('img', { name: 'Install QR code', exact: true });
    await expect(qr).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    const { width, height } = await expectWhollyInView(page, qr, 'the install QR');
    // Big enough to scan from a phone held at arm's length: 40 % of the screen's short side, 180 px at least.
    const least = Math.max(180, 0.4 * Math.min(size.width, size.height));
    expect(Math.min(width, height), `the QR's side in ${size.width}×${size.height}`).toBeGreaterThanOrEqual(least);
    // Whole and sharp: a phone reads it back to the eSIM's own activation code.
    expect(decodePng(await qr.screenshot(), 'qr')).toBe(sale.esims[0]!.qrcode);
    await expectWhollyInView(page, page.getByRole('img', { name: 'Apple one-tap install QR code' }), 'the Apple QR');
    await expectWhollyInView(page, screen.getByRole('heading', { level: 1 }), 'the install steps’ heading');
    await expectWhollyInView(page, screen.getByRole('listitem').first(), 'the first install step');
    await expectWhollyInView(page, screen.getByRole('listitem').last(), 'the last install step');
    await expectWhollyInView(page, page.getByRole('button', { name: 'English' }), 'the language bar');
    await expectNothingScrolled(page, 'the install view');
    await page.screenshot({ path: test.info().outputPath(`display-install-${size.width}x${size.height}.png`) });

    // German words are long: still the whole QR and every step.
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectWhollyInView(
      page,
      page.getByRole('img', { name: 'QR-Code zur Installation', exact: true }),
      'the install QR (de)',
    );
    await expectWhollyInView(page, screen.getByRole('heading', { level: 1 }), 'the install steps’ heading (de)');
    await expectWhollyInView(page, screen.getByRole('listitem').last(), 'the last install step (de)');
    await expectNothingScrolled(page, 'the install view (de)');
    await page.screenshot({ path: test.info().outputPath(`display-install-${size.width}x${size.height}-de.png`) });
  });
}

/** The two actions in each language the counter is checked in (German long, Arabic right to left). */
const RESULT_ACTIONS = [
  { code: 'en', show: 'Show on customer display', newSale: /New sale/ },
  { code: 'de', show: 'Auf der Kundenanzeige zeigen', newSale: /Neuer Verkauf/ },
  { code: 'ja', show: 'お客様用画面に表示', newSale: /新しい販売/ },
  { code: 'ar', show: 'العرض على شاشة العميل', newSale: /عملية بيع جديدة/ },
] as const;

test('the sale result at 1024×768: “Show on customer display” and “New sale” in view without scrolling, in four languages', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'ger', 'Germany');
  const sale = await sellFocusedPackage(page);
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();
  // Smaller than on a wide screen, still read back whole.
  const qr = page.getByRole('img', { name: 'Install QR code', exact: true }).first();
  expect(decodePng(await qr.screenshot(), 'qr')).toBe(sale.esims[0]!.qrcode);
  for (const words of RESULT_ACTIONS) {
    if (words.code !== 'en') {
      await page.locator('.language-picker select').selectOption(words.code);
      await expect(page.locator('html')).toHaveAttribute('lang', words.code);
    }
    await expectWhollyInView(page, page.getByRole('button', { name: words.show }), `“${words.show}”`);
    await expectWhollyInView(page, page.getByRole('button', { name: words.newSale }), `“${String(words.newSale)}”`);
    // The install steps may go on below the fold; the actions may not.
    await expectNothingScrolled(page, `the sale result (${words.code})`, false);
    await page.screenshot({ path: test.info().outputPath(`sale-result-1024x768-${words.code}.png`) });
  }
});

/**
 * Modules of a rendered QR: its side in CSS px over the modules its viewBox holds (the code and its
 * quiet zone), and how many modules of white the code keeps on each side.
 */
async function qrModules(qr: Locator): Promise<{ px: number; quiet: number }> {
  return qr.evaluate((svg: SVGSVGElement) => {
    const modules = svg.viewBox.baseVal.width;
    const code = svg.querySelector('path')!.getBBox();
    const quiet = Math.min(code.x, code.y, modules - code.x - code.width, modules - code.y - code.height);
    return { px: svg.getBoundingClientRect().width / modules, quiet };
  });
}

/**
 * A phone held at arm's length reads a code whose module is 4 px or more on a customer monitor
 * (about 1 mm at the pixel pitch of a 10- to 15-inch screen), with the 4-module quiet zone the QR
 * standard asks for.
 */
const LEAST_MODULE_PX = 4;

for (const size of [
  { width: 1024, height: 768 },
  { width: 800, height: 480 },
] as const) {
  for (const language of [
    { code: 'en', chip: 'English', qr: 'Install QR code', apple: 'Apple one-tap install QR code' },
    { code: 'ar', chip: 'العربية', qr: 'رمز QR للتثبيت', apple: 'رمز QR للتثبيت بلمسة واحدة (Apple)' },
  ] as const) {
    test(`the customer display at ${size.width}×${size.height} in ${language.code}: every language in view, both QR codes scannable from arm's length`, async ({
      page,
      app,
    }) => {
      const { sale, screen } = await saleAndDisplay(page, app, size);
      await page.getByRole('button', { name: language.chip, exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);

      const bar = page.getByRole('navigation');
      const chips = bar.getByRole('button');
      const everyLanguageInView = async (where: string) => {
        await expect(chips).toHaveCount(17);
        const barBox = (await bar.boundingBox())!;
        for (const chip of await chips.all()) {
          const name = (await chip.textContent())!;
          await expectWhollyInView(page, chip, `“${name}” ${where}`);
          const { x, width } = (await chip.boundingBox())!;
          // Inside the bar itself: none hidden past its edge for a customer to find by swiping.
          expect(x >= barBox.x - 0.5 && x + width <= barBox.x + barBox.width + 0.5, `“${name}” inside the bar ${where}`).toBe(
            true,
          );
        }
        expect(
          await bar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth + 1),
          `the bar has nothing to scroll ${where}`,
        ).toBe(true);
      };
      await everyLanguageInView('on the welcome');
      await page.screenshot({ path: test.info().outputPath(`display-idle-${size.width}x${size.height}-${language.code}.png`) });

      await rpc(app, 'display.show', { kind: 'install', saleId: sale.id });
      const esim = sale.esims[0]!;
      const codes = [
        { qr: page.getByRole('img', { name: language.qr, exact: true }), text: esim.qrcode },
        { qr: page.getByRole('img', { name: language.apple, exact: true }), text: esim.appleInstallUrl },
      ];
      for (const { qr, text } of codes) {
        await expect(qr).toBeVisible();
        await expectWhollyInView(page, qr, `the QR for ${text}`);
        const { px, quiet } = await qrModules(qr);
        expect(px, `px per module of the QR for ${text}`).toBeGreaterThanOrEqual(LEAST_MODULE_PX);
        expect(quiet, `quiet zone (modules) of the QR for ${text}`).toBeGreaterThanOrEqual(4);
        expect(decodePng(await qr.screenshot(), 'qr')).toBe(text);
      }
      await expectWhollyInView(page, screen.getByRole('heading', { level: 1 }), 'the install steps’ heading');
      await expectWhollyInView(page, screen.getByRole('listitem').last(), 'the last install step');
      await everyLanguageInView('beside the install QR');
      await expectNothingScrolled(page, 'the install view');
      await page.screenshot({
        path: test.info().outputPath(`display-install-${size.width}x${size.height}-${language.code}.png`),
      });
    });
  }
}
