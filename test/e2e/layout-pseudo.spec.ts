/**
 * Every counter and back-office screen in the pseudo-locale (en-XA: each text ~40 % longer,
 * accented, bracketed) on the smallest screen a counter has, 1024×768: no text overflows its box,
 * is cut, overlaps another or leaves the window, and the top bar stays one row. A screen that
 * breaks here breaks in German, Finnish or Russian first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { updateCounterConfig } from '../../electron/backend/data-folder.ts';
import { pseudoString } from '../../renderer/src/i18n/pseudo.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { decodePng } from '../support/decode.ts';
import { startTestSandbox } from '../support/sandbox.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectLayoutHolds, expectTopBarInOneRow } from './layout-helpers.ts';
import { rpc, seedDay, signInAs } from './manager-setup.ts';
import { expectPackageFocused } from './sell-helpers.ts';

test.use({ viewport: { width: 1024, height: 768 } });

/** An English text as the pseudo-locale shows it. */
const xa = pseudoString;

/** An English text with {{placeholders}} as the pseudo-locale shows it, whatever fills them. */
function xaPattern(english: string): RegExp {
  const parts = xa(english)
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+'));
}

async function openPseudo(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
}

async function openScreen(page: Page, id: string, heading: string): Promise<void> {
  await page.evaluate((screen) => {
    window.location.hash = screen;
  }, id);
  await expect(page.getByRole('heading', { level: 1, name: xa(heading) })).toBeVisible();
}

test('a sale in the pseudo-locale: sign-in, PIN, country, package, details, confirm and result all hold', async ({
  page,
  app,
}) => {
  await openPseudo(page, app);
  await expect(page.getByRole('heading', { name: xa('Who is at the counter?') })).toBeVisible();
  await expectLayoutHolds(page, 'sign-in');
  await page.getByRole('button', { name: /Chris Clerk/ }).click();
  await expect(page.getByRole('button', { name: '7', exact: true })).toBeVisible();
  await expectLayoutHolds(page, 'PIN pad');
  await page.keyboard.type(DEMO_STAFF.clerk.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await expectTopBarInOneRow(page);

  const search = page.getByRole('combobox', { name: xa('Search countries') });
  await expect(search).toBeVisible();
  await expectLayoutHolds(page, 'sell: countries');
  await search.fill('jap');
  await expect(page.getByRole('option', { name: /Japan/ })).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: xaPattern('Packages for {{place}}') })).toBeVisible();
  await expectPackageFocused(page);
  await expectLayoutHolds(page, 'sell: packages');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: xa('Details') })).toBeVisible();
  await page.getByRole('radio', { name: xa('Cash') }).check();
  await expectLayoutHolds(page, 'sell: details');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: xa('Confirm the sale') })).toBeVisible();
  await expectLayoutHolds(page, 'sell: confirm');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: xaPattern('Sold — {{package}}') })).toBeVisible({ timeout: 30_000 });
  await expectLayoutHolds(page, 'sell: result');
  const qr = page.getByRole('img', { name: xa('Install QR code'), exact: true });
  expect(decodePng(await qr.screenshot(), 'qr')).toMatch(/^LPA:1\$/);
  await expectTopBarInOneRow(page);
});

test('a top-up in the pseudo-locale: look-up, options, confirm and result hold; Usage too', async ({ page, app }) => {
  const iccid = (await sellThroughApi(app)).esims[0]!.iccid;
  await openPseudo(page, app);
  await signIn(page, DEMO_STAFF.clerk);

  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: xa('Top up an eSIM') })).toBeVisible();
  // The eSIM's field, not the opening float's above the screen.
  const field = page
    .getByRole('region', { name: xa('Which eSIM') })
    .getByRole('textbox')
    .first();
  await expect(field).toBeFocused();
  await expectLayoutHolds(page, 'top-up: look-up');
  await field.fill(iccid);
  await field.press('Enter');
  const offers = page.getByRole('list', { name: xa('Top-ups') }).getByRole('button');
  await expect(offers.first()).toBeFocused();
  await expectLayoutHolds(page, 'top-up: options');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: xa('Confirm the top-up') })).toBeVisible();
  await page.getByRole('radio', { name: xa('Card') }).check();
  await expectLayoutHolds(page, 'top-up: confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: xaPattern('Topped up — {{data}} · {{days}}') })).toBeVisible({
    timeout: 30_000,
  });
  await expectLayoutHolds(page, 'top-up: result');

  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 1, name: xa('eSIM usage') })).toBeVisible();
  await expectLayoutHolds(page, 'usage: look-up');
  await page.getByRole('textbox').first().fill(iccid);
  await page.keyboard.press('Enter');
  await expect(page.getByText(xa('Install by')).first()).toBeVisible();
  await expectLayoutHolds(page, 'usage: reading');
});

test('the back office in the pseudo-locale: Reports, Close day and every other screen hold', async ({ page, app }) => {
  const day = await seedDay(app);
  await openPseudo(page, app);
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await expectTopBarInOneRow(page);

  await openScreen(page, 'reports', 'Reports');
  await expect(page.locator('.stat').first()).toBeVisible();
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await expectLayoutHolds(page, 'reports');

  await openScreen(page, 'close', 'Close day');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectLayoutHolds(page, 'close day');
  // The count typed: the difference and the close button's words show.
  const counted = page.getByRole('textbox', { name: xaPattern('Counted cash ({{currency}})') });
  await counted.fill('1');
  await expectLayoutHolds(page, 'close day: counted short');
  // By notes and coins, with a mistake under one field; back to the total, which keeps what was typed.
  await page.getByRole('button', { name: xa('Count by notes and coins') }).click();
  await page.getByTestId(`denominations-${day.currency}`).getByRole('textbox').first().fill('1.5');
  await expectLayoutHolds(page, 'close day: by notes and coins');
  await page.getByRole('button', { name: xa('Type the total instead') }).click();
  await counted.fill((day.cashMinor / 100).toFixed(2));
  await page.getByRole('button', { name: xa('Close the day') }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await expectLayoutHolds(page, 'close day: confirm');
  await confirm.getByRole('button', { name: xa('Close the day') }).click();
  await expect(page.getByRole('button', { name: xa('Close the day') })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: xaPattern('{{name}} · {{time}} by {{person}}') })).toBeVisible();
  await expectLayoutHolds(page, 'close day: closed');

  await openScreen(page, 'devices', 'Device check');
  await expectLayoutHolds(page, 'device check');
  await page.getByRole('main').getByRole('combobox').fill('iphone 15');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expectLayoutHolds(page, 'device check: verdict');

  await openScreen(page, 'history', 'History');
  await page.getByRole('table').getByRole('button').first().click();
  await expect(page.getByRole('heading', { level: 2 }).last()).toBeVisible();
  await expectLayoutHolds(page, 'history: a sale');

  for (const [id, heading] of [
    ['staff', 'Staff'],
    ['settings', 'Settings'],
    ['audit', 'Audit log'],
    ['refunds', 'Refunds'],
  ] as const) {
    await openScreen(page, id, heading);
    await expect(page.locator('.panel').first()).toBeVisible();
    await expectLayoutHolds(page, id);
  }
});

base('first-run setup in the pseudo-locale holds', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // A new Production journal opens on setup: chosen in Demo, then the counter started again.
  const live = await startTestSandbox({ clientId: 'layout-live', clientSecret: 'layout-live-secret' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-layout-'));
  const demo = await startBrowserMode({ dataDir });
  let production: RunningApp | null = null;
  try {
    await signInAs(demo, DEMO_STAFF.manager);
    // With no keychain, Demo keeps the switch and the client id: the secret is Production's to seal.
    await rpc(demo, 'settings.setPartner', { environment: 'production', clientId: 'layout-live' });
    await demo.stop();
    updateCounterConfig(dataDir, (config) => ({
      ...config,
      accounts: { ...config.accounts, production: { clientId: 'layout-live', baseUrl: live.url } },
    }));
    production = await startBrowserMode({ dataDir });
    await openPseudo(page, production);
    await expect(page.getByRole('heading', { name: xa('Set up this counter') })).toBeVisible();
    await expectLayoutHolds(page, 'setup');
  } finally {
    await demo.stop();
    await production?.stop();
    await live.close();
  }
});
