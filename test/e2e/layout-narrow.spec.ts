/**
 * Where the window is narrowest for what it holds: the top bar at 1024×768 in each of the counter's
 * languages (the brand whole, not "eSIM Cou…"), and History and the Reports tables at 200 % zoom of
 * a 1366 px window (a 683 px-wide page), where nothing may be wider than the window and every column
 * (Margin % the last) can be reached.
 */
import type { Page } from '@playwright/test';
import { UI_LANGUAGES } from '../../shared/languages.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { rpc, seedDay, signInAs } from './manager-setup.ts';

test('the top bar shows the brand whole at 1024×768 in every language', async ({ page, app }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.manager);
  await page.goto(app.url);
  const cut: string[] = [];
  for (const language of UI_LANGUAGES) {
    // As a clerk picks it in the top bar.
    await page.locator('.topbar .language-select').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const brand = page.locator('.topbar .brand');
    await expect(brand).toBeVisible();
    const widths = await brand.evaluate((el) => ({ needs: el.scrollWidth, has: el.clientWidth }));
    if (widths.needs > widths.has) cut.push(`${language}: ${widths.has} of ${widths.needs} px`);
    if (language === 'fr' || language === 'de')
      await page.locator('.topbar').screenshot({ path: info.outputPath(`topbar-${language}.png`) });
  }
  expect(cut, 'the brand cut short in the top bar').toEqual([]);
  // The pseudo-locale's longer words still fit the one row: the brand is shortened, whole in its title.
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expectLayoutHolds(page, 'the top bar in en-XA at 1024×768');
});

/** What sticks out past the window's right edge (left in Arabic), widest last, to say what to fix. */
function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const out: string[] = [];
    if (root.scrollWidth > root.clientWidth) out.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const box = el.getBoundingClientRect();
      // Inside a box that scrolls sideways of its own, it can be reached: only the box counts.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible' && p.scrollWidth > p.clientWidth) clipped = true;
      }
      if (!clipped && box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1))
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return out.slice(-5);
  });
}

// 200 % zoom of a 1366×768 window: the page is laid out 683 px wide.
const ZOOMED = { width: 683, height: 384 };

const LAST_7 = { fr: '7 derniers jours', de: 'Letzte 7 Tage' } as const;

for (const language of ['fr', 'de'] as const) {
  test(`at 200 % zoom History and the Reports tables stay inside the window, Margin % within reach (${language})`, async ({
    page,
    app,
  }, info) => {
    await seedDay(app);
    // The manager's own language, as kept with their record from an earlier day.
    await signInAs(app, DEMO_STAFF.manager);
    await rpc(app, 'session.setLanguage', { language });
    await rpc(app, 'session.signOut', {});
    await signInAs(app, DEMO_STAFF.manager);
    await page.setViewportSize(ZOOMED);
    await page.goto(app.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.evaluate(() => (window.location.hash = 'history'));
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`history-683-${language}.png`), fullPage: true });
    expect(await widerThanWindow(page), `History at 683 px (${language})`).toEqual([]);

    await page.evaluate(() => (window.location.hash = 'reports'));
    await expect(page.locator('main table').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`reports-683-${language}.png`), fullPage: true });
    expect(await widerThanWindow(page), `Reports at 683 px (${language})`).toEqual([]);
    // Margin %, the last column of each table, can be brought into the window.
    for (const last of await page.locator('main table thead tr th:last-child').all()) {
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
    }
    // A week: a table per day and more figures beside each other.
    await page.getByRole('button', { name: LAST_7[language] }).click();
    await expect(page.getByRole('button', { name: LAST_7[language] })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`reports-week-683-${language}.png`), fullPage: true });
    expect(await widerThanWindow(page), `Reports of a week at 683 px (${language})`).toEqual([]);
  });
}

/*
 * The case above sells a German package four times: short rows, nothing beside the status. A
 * regional package sold to a long e-mail, its refund asked for (a chip beside "Sold"), makes the
 * table wider than History's column; it spilled into the page's margin, its Status cut at the
 * edge, and the check above, which looks only past the window's edge, let it pass.
 */
test('at 200 % zoom History’s table scrolls in its own box: the page never sideways, Status within reach', async ({
  page,
  app,
}, info) => {
  await signInAs(app, DEMO_STAFF.manager);
  const offers = await rpc(app, 'catalog.packages', { area: 'middle-east-and-north-africa' });
  const offer = offers.reduce((a, b) => (b.operator.length + b.title.length > a.operator.length + a.title.length ? b : a));
  const email = 'maximilian.mustermann-schmidt.reisebuero@beispiel-unternehmen-international.example';
  const sale = await rpc(app, 'sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'card', customerEmail: email });
  await rpc(app, 'refunds.request', { saleId: sale.id, iccids: [sale.esims[0]!.iccid], reason: 'TRIP_CANCELLATION' });
  await rpc(app, 'session.setLanguage', { language: 'fr' });
  await page.setViewportSize({ width: 683, height: 400 });
  await page.goto(app.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.evaluate(() => (window.location.hash = 'history'));
  await expect(page.getByText('Remboursement demandé')).toBeVisible();
  await page.screenshot({ path: info.outputPath('history-683-refund-fr.png'), fullPage: true });

  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // The last column, brought into view, lies whole inside the page's margins, where it can be read.
  const status = page.locator('main table thead th:last-child');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport({ ratio: 0.9 });
  const inside = await status.evaluate((th) => {
    const main = th.closest('main')!;
    const edge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    return { right: Math.floor(th.getBoundingClientRect().right), edge: Math.ceil(edge) };
  });
  expect(inside.right, 'Status ends inside the page’s margin').toBeLessThanOrEqual(inside.edge);
  await page.screenshot({ path: info.outputPath('history-683-refund-fr-status.png') });
  // Opened, the sale's e-mail wraps inside its detail; the page still does not scroll sideways.
  await page.locator('main table tbody tr').first().click();
  await expect(page.getByText(email)).toBeVisible();
  expect(await widerThanWindow(page), 'History with a sale open at 683 px').toEqual([]);
});
