import type { Locator, Page } from '@playwright/test';
import { decodePng } from '../support/decode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';
import { rpc, scan, sellThroughApi } from './counter-helpers.ts';
import { recordCalls } from './calls-log.ts';
import { holdableEvents } from './held-events.ts';
import { formatMoney } from '../../shared/money.ts';
import type { TopupOptions } from '../../shared/sales.ts';
import type { PackageOffer } from '../../shared/catalog.ts';
import type { DisplayState } from '../../shared/display.ts';
import type { RunningApp } from '../support/browser-mode.ts';

/** The display as the clerk opens it: a second tab at /display of the same launch. */
async function openDisplay(page: Page, app: RunningApp): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  await display.setViewportSize({ width: 1280, height: 800 });
  await expect(display).toHaveURL(`${app.origin}/display`);
  // The display holds a key of its own, never the counter's: it can read what to show, nothing else.
  const held = await display.evaluate(() => sessionStorage.getItem('esim-counter.key'));
  expect(held).not.toBeNull();
  expect(held).not.toBe(app.key);
  return display;
}

/** The clerk signed in at the counter, the display open beside it; the display's main area. */
async function counterWithDisplay(page: Page, app: RunningApp): Promise<{ display: Page; screen: Locator }> {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await openDisplay(page, app);
  return { display, screen: display.getByRole('main') };
}

/** The clerk picks a Japan package: its offer and price go up on the display. */
async function offerOnDisplay(page: Page, screen: Locator): Promise<void> {
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(screen).toHaveAttribute('data-kind', 'offer');
}

test('the customer display follows the sale, shows the QR, and clears it when the clerk finishes', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await openDisplay(page, app);
  const screen = display.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await expect(screen).toContainText('Welcome');
  // The same mark as the counter's banner: DEMO on both, in every language of the display.
  await expect(page.getByRole('status').filter({ hasText: 'DEMO — practice only' })).toBeVisible();
  await expect(screen.getByRole('note')).toHaveText('DEMO — practice only: this eSIM will not work on a phone');
  await display.getByRole('button', { name: 'Deutsch' }).click();
  await expect(screen.getByRole('note')).toHaveText('DEMO — nur zur Übung: diese eSIM funktioniert auf keinem Telefon');
  await expect(screen).toContainText('Willkommen');
  // The counter knows the customer's pick: the backend holds it with what the display shows.
  expect((await rpc<DisplayState>(app, 'display.current', {})).customerLanguage).toBe('de');
  await display.getByRole('button', { name: 'English' }).click();
  // No clerk controls on the customer's screen.
  await expect(display.getByRole('button', { name: /Sell|Lock|Sign out|New sale/ })).toHaveCount(0);

  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(screen).toHaveAttribute('data-kind', 'offer');
  await expect(screen).toContainText('$');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  const answer = page.waitForResponse((r) => r.url().endsWith('/rpc/sales.create'));
  await page.keyboard.press('Enter');
  const sale = ((await (await answer).json()) as { value: { esims: { qrcode: string; appleInstallUrl: string }[] } }).value;
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();
  // Paid is not shown: the QR goes up only when the clerk says so.
  await expect(display.getByRole('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show on customer display' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'install');
  const qr = display.getByRole('img', { name: 'Install QR code', exact: true });
  expect(decodePng(await qr.screenshot(), 'qr')).toBe(sale.esims[0]!.qrcode);
  expect(decodePng(await display.getByRole('img', { name: 'Apple one-tap install QR code' }).screenshot(), 'qr')).toBe(
    sale.esims[0]!.appleInstallUrl,
  );
  await expect(page.getByText(/On the customer display now/)).toBeVisible();

  // The customer picks a language; the steps follow.
  await display.getByRole('button', { name: 'Español' }).click();
  await expect(screen).toContainText('Instale su eSIM ahora');
  await display.getByRole('button', { name: 'Deutsch' }).click();
  await expect(screen).toContainText('Installieren Sie jetzt Ihre eSIM');
  await display.screenshot({ path: test.info().outputPath('display-install.png') });

  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'thanks');
  await expect(display.getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
  // The backend returns the display to idle after the thank-you, and the language to the default.
  await expect(screen).toHaveAttribute('data-kind', 'idle', { timeout: 25_000 });
  await expect(screen).toContainText('Welcome');
  await expect(display.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  expect((await rpc<DisplayState>(app, 'display.current', {})).customerLanguage).toBe('en');
});

test('the display drops the QR at its clear time even if no event arrives', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await sellFocusedPackage(page);
  await page.getByRole('button', { name: 'Show on customer display' }).click();

  const display = await page.context().newPage();
  await display.clock.install();
  await display.goto(`${app.origin}/display#key=${app.key}`);
  await expect(display.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  // A screen reader hears when the code goes, then again at the last 30 and 10 seconds only.
  const said = display.getByRole('status').filter({ hasText: /code disappears/ });
  await expect(said).toHaveText(/^For your security this code disappears at /);
  await display.clock.fastForward('04:35');
  await expect(said).toHaveText('This code disappears in 30 seconds.');
  await display.clock.fastForward(15_000);
  await expect(said).toHaveText('This code disappears in 10 seconds.');
  // Past the backend's five minutes, with this tab's clock only: the page must clear on its own.
  await display.clock.fastForward('00:30');
  await expect(display.getByRole('img')).toHaveCount(0);
  await expect(display.getByRole('main')).toHaveAttribute('data-kind', 'idle');
  await expect(said).toHaveCount(0);
});

test('the display goes back to the welcome when the counter is locked or signed out', async ({ page, app }) => {
  const { screen } = await counterWithDisplay(page, app);
  await offerOnDisplay(page, screen);

  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await expect(screen).toContainText('Welcome');
  await expect(page.getByRole('heading', { name: `Locked — ${DEMO_STAFF.clerk.name}, enter your PIN` })).toBeVisible();
  await page.keyboard.type(DEMO_STAFF.clerk.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();

  // An offer up again (straight through the backend: what Sell keeps across a lock is its own business).
  const offer = (await rpc<PackageOffer[]>(app, 'catalog.packages', { country: 'JP' }))[0]!;
  await rpc(app, 'display.show', { kind: 'offer', packageId: offer.id, quantity: 1 });
  await expect(screen).toHaveAttribute('data-kind', 'offer');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  // The next person starts with the welcome on the customer's side, not the last offer.
  await signIn(page, DEMO_STAFF.manager);
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await expect(screen).not.toContainText('$');
});

test('during a top-up the display shows the top-up and its own price, then that it is done', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  const events = await holdableEvents(page);
  const calls = await recordCalls(page);
  const { display, screen } = await counterWithDisplay(page, app);
  // A sale's offer is up when the clerk turns to a top-up: it goes.
  await offerOnDisplay(page, screen);
  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'idle');

  await scan(page, iccid);
  const offers = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
  await expect(offers.first()).toBeFocused();
  const picked = (await rpc<TopupOptions>(app, 'topups.options', { iccid })).offers[0]!;
  await page.keyboard.press('Enter');
  await expect(screen).toHaveAttribute('data-kind', 'topup');
  await expect(screen).toContainText('Top-up for your eSIM');
  await expect(screen).toContainText(`+ ${picked.dataText}`);
  await expect(screen).toContainText(`eSIM ending in …${iccid.slice(-5)}`);
  await expect(screen.locator('.cd-price')).toHaveText(formatMoney(picked.retail));
  await expect(page.getByText('Customer display: Top-up and price')).toBeVisible();
  await display.screenshot({ path: test.info().outputPath('display-topup.png') });

  // The customer reads French; the clerk's screen stays English, the receipt will be French.
  await display.getByRole('button', { name: 'Français' }).click();
  await expect(screen).toContainText('Recharge de votre eSIM');
  await expect(screen).toContainText(`eSIM se terminant par …${iccid.slice(-5)}`);
  await expect(screen).toContainText(/Valable \d+ jours?/);
  await expect(page.getByRole('radio', { name: 'Card' })).toBeVisible();

  await page.getByRole('radio', { name: 'Card' }).check();
  // The clerk's screen hears the top-up's answer before the display's "done" (a slow event stream):
  // it must leave the display to the backend, not clear what it last heard was the top-up on show.
  await events.hold();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Topped up —/ })).toBeVisible();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  const afterTopup = (await calls()).slice((await calls()).lastIndexOf('topups.create'));
  expect(afterTopup).not.toContain('display.show');
  await events.release();
  await expect(screen).toHaveAttribute('data-kind', 'topup_done');
  await expect(page.getByText('Customer display: Top-up done')).toBeVisible();
  await expect(screen).toContainText('Votre eSIM est rechargée');
  await display.screenshot({ path: test.info().outputPath('display-topup-done.png') });
  const receipt = page.getByTestId('topup-receipt');
  await expect(receipt).toContainText('DEMO — PAS UNE VRAIE RECHARGE');
  await expect(receipt).toContainText('Les données sont ajoutées à l’eSIM déjà installée');
  await expect(receipt).toContainText('Carte');
  await expect(screen).toHaveAttribute('data-kind', 'idle', { timeout: 25_000 });
  await expect(screen).toContainText('Welcome');
  // The display is the next customer's, in the store's language; the receipt is still the French customer's.
  await expect(receipt).toContainText('PAS UNE VRAIE RECHARGE');
});
