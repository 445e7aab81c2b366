/**
 * axe-core on every screen the sale, top-up and close flows (axe-flows.spec.ts) do not reach, and
 * on their first screens, at 1024×768 and at 200 % zoom: sign-in, first-run setup, the clerk's and
 * the manager's screens, the navigation menu and the customer display waiting. At 200 % zoom the
 * page never scrolls sideways and every screen is reachable through the menu by keyboard alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { updateCounterConfig } from '../../electron/backend/data-folder.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { startTestSandbox } from '../support/sandbox.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectFocusRings, expectNoViolations, expectNoViolationsAtBothSizes } from './axe-helpers.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { expectFocus, expectFocused, tabTo } from './keyboard-helpers.ts';
import { rpc, seedDay, signInAs } from './manager-setup.ts';

/** Opens a screen by its address and waits until it has loaded what it shows. */
async function openScreen(page: Page, id: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((screen) => {
    window.location.hash = screen;
  }, id);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('sign-in: the staff tiles, the PIN pad and a refused PIN have no axe violation', async ({ page, app }) => {
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'the staff tiles');
  await page.getByRole('button', { name: /Chris Clerk/ }).click();
  await expect(page.getByRole('button', { name: '7', exact: true })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'the PIN pad');
  await page.keyboard.type('0000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'a refused PIN');
});

test('the clerk’s screens: Sell, Top up, Usage, Device check and History with a sale open have no axe violation', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  const sale = await sellThroughApi(app);
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Sell');
  await openScreen(page, 'topup', 'Top up an eSIM');
  await expectNoViolationsAtBothSizes(page, 'Top up');
  await openScreen(page, 'usage', 'eSIM usage');
  await page.getByRole('textbox', { name: 'ICCID' }).fill(sale.esims[0]!.iccid);
  await page.getByRole('textbox', { name: 'ICCID' }).press('Enter');
  await expect(page.getByText(/^Status /)).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'Usage with a reading');
  await openScreen(page, 'devices', 'Device check');
  await expectNoViolationsAtBothSizes(page, 'Device check');
  await openScreen(page, 'history', 'History');
  await expectNoViolationsAtBothSizes(page, 'History');
  await page.getByRole('table').getByRole('button').first().click();
  await expect(page.getByRole('button', { name: 'Close the sale' })).toBeVisible();
  await expectNoViolationsAtBothSizes(page, 'History with a sale open');
});

test('the manager’s screens: Reports, Close day, Staff, Prices, Settings, Audit log and Refunds have no axe violation', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await seedDay(app);
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  for (const [id, heading] of [
    ['reports', 'Reports'],
    ['close', 'Close day'],
    ['staff', 'Staff'],
    ['prices', 'Prices'],
    ['settings', 'Settings'],
    ['audit', 'Audit log'],
    ['refunds', 'Refunds'],
  ] as const) {
    await openScreen(page, id, heading);
    await expect(page.locator('.panel').first()).toBeVisible();
    await expectNoViolationsAtBothSizes(page, heading);
  }
});

test('the customer display waiting for a customer has no axe violation', async ({ page, app }) => {
  await page.goto(`${app.origin}/display#key=${app.key}`);
  await expect(page.locator('main.cd')).toHaveAttribute('data-kind', 'idle');
  await expectNoViolationsAtBothSizes(page, 'the customer display');
});

base('first-run setup has no axe violation', async ({ page }) => {
  // A new Production journal opens on setup: chosen in Demo, then the counter started again.
  const live = await startTestSandbox({ clientId: 'axe-live', clientSecret: 'axe-live-secret' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-axe-'));
  const demo = await startBrowserMode({ dataDir });
  let production: RunningApp | null = null;
  try {
    await signInAs(demo, DEMO_STAFF.manager);
    // With no keychain, Demo keeps the switch and the client id: the secret is Production's to seal.
    await rpc(demo, 'settings.setPartner', { environment: 'production', clientId: 'axe-live' });
    await demo.stop();
    updateCounterConfig(dataDir, (config) => ({
      ...config,
      accounts: { ...config.accounts, production: { clientId: 'axe-live', baseUrl: live.url } },
    }));
    production = await startBrowserMode({ dataDir });
    await page.goto(production.url);
    await expect(page.getByRole('heading', { name: 'Set up this counter' })).toBeVisible();
    await expectNoViolationsAtBothSizes(page, 'setup');
  } finally {
    await demo.stop();
    await production?.stop();
    await live.close();
  }
});

test.describe('at 200 % zoom', () => {
  test.use({ viewport: { width: 512, height: 384 }, deviceScaleFactor: 2 });

  test('the menu button opens every screen by keyboard; Escape closes the menu and gives the focus back', async ({
    page,
    app,
  }) => {
    await signInAs(app, DEMO_STAFF.manager);
    await page.goto(app.url);
    await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await tabTo(page, menu, { back: true });
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectFocus(page, 'link', 'Sell');
    await expectNoViolations(page, 'the open menu');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expectFocused(page, menu, 'the Menu button');

    const names = await page.locator('#main-nav a').allTextContents();
    expect(names).toEqual([
      'Sell',
      'Top up',
      'Usage',
      'Device check',
      'History',
      'Reports',
      'Close day',
      'Staff',
      'Prices',
      'Settings',
      'Audit log',
      'Refunds',
      'Vouchers',
      'Future orders',
      'Basket',
    ]);
    for (const [index, name] of names.entries()) {
      await tabTo(page, menu, { back: true, max: 40 });
      await page.keyboard.press('Enter');
      await expectFocus(page, 'link', 'Sell');
      for (let step = 0; step < index; step++) await page.keyboard.press('Tab');
      await expectFocus(page, 'link', name);
      await page.keyboard.press('Enter');
      await expect(nav).toBeHidden();
      await expect(page.locator('#main-nav a', { hasText: name })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('main h1').first()).toBeVisible();
      // The chosen entry went with the menu: the focus is in the screen, not dropped on the page.
      expect(await page.evaluate(() => document.getElementById('content')?.contains(document.activeElement))).toBe(true);
    }
  });

  test('the top bar is one row in every UI language: the menu, the name and Lock; language, display and sign-out are in the menu', async ({
    page,
    app,
  }) => {
    await signInAs(app, DEMO_STAFF.manager);
    for (const lang of ['en', 'de', 'fr', 'it', 'es', 'pt', 'ja', 'ar', 'zh-CN']) {
      await page.goto(app.url.replace('/#', `/?lang=${lang}#`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const bar = page.getByRole('banner');
      const lock = bar.locator('.lock-button');
      await expect(lock).toBeVisible();
      // One row: the bar is no taller than its tallest control and its padding.
      const [barBox, lockBox] = [await bar.boundingBox(), await lock.boundingBox()];
      expect(barBox!.height, `the top bar in ${lang}`).toBeLessThan(lockBox!.height * 1.9);
      await expect(bar.locator('.language-picker')).toBeHidden();
      await bar.locator('.menu-button').click();
      const nav = page.locator('#main-nav');
      await expect(nav.locator('.language-picker')).toBeVisible();
      await expect(nav.getByRole('button')).toHaveCount(2);
      await page.keyboard.press('Escape');
    }
    await page.goto(app.url.replace('/#', '/?lang=en#'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#main-nav').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
  });

  test('the Demo strip is one line in every UI language, the short wording where the whole would wrap', async ({ page, app }) => {
    await signInAs(app, DEMO_STAFF.clerk);
    for (const lang of ['en', 'de', 'fr', 'it', 'es', 'pt', 'ja', 'ar', 'zh-CN']) {
      await page.goto(app.url.replace('/#', `/?lang=${lang}#`));
      const strip = page.locator('.env-banner');
      await expect(strip).toContainText('DEMO');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The lines its text is laid out on, counted from the text's own boxes: a box whose middle is
      // below every box of the line before starts a line (boxes of two lines may overlap a little
      // where a fallback font's glyphs are taller than the line). A height divided by the font's size
      // miscounts where a Japanese font's normal line is half as tall again as its size.
      const lines = await strip.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0).sort((a, b) => a.top - b.top);
        let count = 0;
        let lineBottom = -Infinity;
        for (const box of boxes) {
          if ((box.top + box.bottom) / 2 > lineBottom) {
            count++;
            lineBottom = box.bottom;
          } else lineBottom = Math.max(lineBottom, box.bottom);
        }
        return count;
      });
      expect(lines, `the Demo strip in ${lang}: ${await strip.innerText()}`).toBe(1);
    }
  });
});

test('the skip link is the first Tab stop and takes the focus past the top bar and the rail', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  // Tab from the very start of the page, as on a page loaded with nothing focused (a blur alone
  // leaves Chrome's starting point at the search, and the Sell screen has Tab stops after it).
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expectFocused(page, skip, 'the skip link');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expectFocused(page, page.locator('main#content'), 'the main area');
  // The day's first sign-in: the opening float is asked above the screen, so it is the first stop.
  await page.keyboard.press('Tab');
  await expectFocus(page, 'textbox', 'Cash in the drawer to start (USD)');
});

test('every Tab stop shows a ring of 3:1: the staff tiles, the PIN pad, Sell, Settings and, at 200 % zoom, the menu and the Audit log', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
  await expectFocusRings(page, 'the staff tiles', 6);
  await page.getByRole('button', { name: /Chris Clerk/ }).click();
  await expect(page.getByRole('button', { name: '7', exact: true })).toBeVisible();
  await expectFocusRings(page, 'the PIN pad', 16);
  await signInAs(app, DEMO_STAFF.manager);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await expectFocusRings(page, 'Sell', 25);
  await openScreen(page, 'settings', 'Settings');
  await expectFocusRings(page, 'Settings', 40);
  await page.setViewportSize({ width: 512, height: 384 });
  await openScreen(page, 'audit', 'Audit log');
  // The Tabs above may have left the focus on the skip link, which then lies over the top bar: the
  // Menu is opened as a pointer user would, with nothing focused.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectFocusRings(page, 'the open menu', 14);
  await page.keyboard.press('Escape');
  await expectFocusRings(page, 'the Audit log', 20);
});
