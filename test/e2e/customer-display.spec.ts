import type { Page } from '@playwright/test';
import { decodePng } from '../support/decode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';
import type { RunningApp } from '../support/browser-mode.ts';

/** The display as the clerk opens it: a second tab at /display of the same launch. */
async function openDisplay(page: Page, app: RunningApp): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  await display.setViewportSize({ width: 1280, height: 800 });
  await expect(display).toHaveURL(`${app.origin}/display`);
  return display;
}

test('the customer display follows the sale, shows the QR, and clears it when the clerk finishes', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await openDisplay(page, app);
  const screen = display.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await expect(screen).toContainText('Welcome');
  await expect(screen).toContainText('TRAINING');
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
  await expect(page.getByRole('searchbox', { name: 'Search countries' })).toBeVisible();
  // The backend returns the display to idle after the thank-you, and the language to the default.
  await expect(screen).toHaveAttribute('data-kind', 'idle', { timeout: 25_000 });
  await expect(screen).toContainText('Welcome');
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
  // Past the backend's five minutes, with this tab's clock only: the page must clear on its own.
  await display.clock.fastForward('05:05');
  await expect(display.getByRole('img')).toHaveCount(0);
  await expect(display.getByRole('main')).toHaveAttribute('data-kind', 'idle');
});
