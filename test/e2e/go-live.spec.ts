/**
 * A store practises in Demo, goes live on Production, and can look back at Demo: each environment
 * opens its own journal, a new one starts with first-run setup, and nothing of Demo (its published
 * staff, its practice sales) is on Production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { updateCounterConfig } from '../../electron/backend/data-folder.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { startTestSandbox } from '../support/sandbox.ts';
import { DEMO_STAFF, expect, signIn } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';

const test = base;
const OWNER = { name: 'Olga Owner', pin: '5829' };

test('Demo → Production (first-run setup, recovery code) → Demo, each on its own journal', async ({ page }) => {
  test.setTimeout(180_000);
  // Production's partner service: a sandbox of our own, with credentials the store was "issued".
  const live = await startTestSandbox({ clientId: 'harbour-live', clientSecret: 'harbour-live-secret' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-go-live-'));
  let app: RunningApp | null = await startBrowserMode({ dataDir });
  try {
    // Practice in Demo: one sale.
    await signInAs(app, DEMO_STAFF.manager);
    const [offer] = await rpc(app, 'catalog.packages', { country: 'JP' });
    await rpc(app, 'sales.create', { packageId: offer!.id, paymentMethod: 'cash', quantity: 1 });
    await openAs(page, app, 'settings');
    const panel = page.getByRole('region', { name: 'eSIM service connection' });
    await expect(panel.getByTestId('next-journal')).toContainText('journal-demo.sqlite');
    await panel.getByRole('radio', { name: /^Production/ }).check();
    await panel.getByRole('textbox', { name: 'Client id' }).fill('harbour-live');
    // No keychain in these runs: the secret is sealed under Production's own managers' PINs, so it
    // is entered there, after the owner is set up.
    await expect(panel.getByLabel('Client secret')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Save connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Production?' });
    await expect(dialog).toContainText('Production has a journal of its own');
    await dialog.getByRole('button', { name: 'Yes, use Production' }).click();
    await expect(panel.getByText('Restart the app to switch to Production.')).toBeVisible();
    await expect(panel.getByTestId('next-journal')).toContainText(
      'At the next start the counter opens the Production journal, journal-production.sqlite',
    );
    await expect(panel.getByTestId('next-journal')).toContainText('a new one, with no sales and no staff');
    await app.stop();
    app = null;

    // The partner's host here is the local simulator.
    updateCounterConfig(dataDir, (config) => ({
      ...config,
      accounts: { ...config.accounts, production: { clientId: 'harbour-live', baseUrl: live.url } },
    }));
    app = await startBrowserMode({ dataDir });
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: 'Set up this counter' })).toBeVisible();
    await expect(page.getByText('Production: real eSIMs, real money')).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/go-live-setup.png' });
    const submit = page.getByRole('button', { name: 'Set up the counter' });
    await page.getByLabel('Store name').fill('Harbour Phones');
    await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
    await page.getByLabel('Currency').selectOption('EUR');
    // The store's locale: each entry shows its clock; a Lisbon store on the 24-hour one.
    await expect(page.getByLabel('Clock and date format').locator('option[value="pt-PT"]')).toHaveText(
      'Portuguese (Portugal) — 14:05',
    );
    await page.getByLabel('Clock and date format').selectOption('pt-PT');
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('PIN (4–8 digits)').fill('1234');
    await expect(page.getByRole('status').filter({ hasText: 'too easy to guess' })).toBeVisible();
    await page.getByLabel('PIN (4–8 digits)').fill(OWNER.pin);
    await page.getByLabel('The same PIN again').fill('5828');
    await expect(page.getByText('The two PINs are not the same.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('The same PIN again').fill(OWNER.pin);
    await submit.click();

    await expect(page.getByRole('heading', { name: 'Write down the recovery code' })).toBeVisible();
    const code = (await page.getByTestId('recovery-code').textContent())!.trim();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    await page.screenshot({ path: 'test-results/e2e/go-live-recovery.png' });
    const onward = page.getByRole('button', { name: 'Continue to sign in' });
    await expect(onward).toBeDisabled();
    await page.getByLabel('I have written it down or printed it').check();
    await onward.click();

    // Only the owner is on file; no demo staff, no DEMO banner, no practice sale.
    await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Maria Manager/ })).toHaveCount(0);
    await expect(page.getByText(/Demo PIN/)).toHaveCount(0);
    await signIn(page, OWNER);
    await expect(page.getByText(/DEMO|TRAINING/)).toHaveCount(0);
    await expect(page.getByTestId('credentials-notice')).toHaveText(
      'A manager must enter the partner’s client secret in Settings to connect to the eSIM service.',
    );
    await page.evaluate(() => {
      window.location.hash = 'settings';
    });
    const connection = page.getByRole('region', { name: 'eSIM service connection' });
    await connection.getByLabel('Client secret').fill('harbour-live-secret');
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await expect(connection).toContainText('A secret is stored for Production');
    await expect(page.getByTestId('credentials-notice')).toHaveCount(0);

    // The next start: the secret is sealed under the owner's PIN, so the counter says a manager
    // must sign in first, and a sale before that is refused.
    await app.stop();
    app = await startBrowserMode({ dataDir });
    await page.goto(app.url);
    await expect(page.getByTestId('credentials-notice')).toHaveText(
      'A manager must sign in once to connect to the eSIM service.',
    );
    await signIn(page, OWNER);
    await expect(page.getByTestId('credentials-notice')).toHaveCount(0);
    expect(await rpc(app, 'sales.list', {})).toEqual([]);
    expect(await rpc(app, 'settings.get', {})).toMatchObject({
      storeName: 'Harbour Phones',
      timeZone: 'Europe/Lisbon',
      locale: 'pt-PT',
    });
    // Setup cannot be run again over the owner.
    const again = await fetch(`${app.origin}/rpc/setup.createOwner`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory', pin: '7394' }),
    });
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // The published Demo PIN opens nothing here.
    const staff = await rpc(app, 'staff.list', {});
    expect(staff.map((s) => s.name)).toEqual([OWNER.name]);

    await rpc(app, 'settings.setPartner', { environment: 'demo' });
    await app.stop();
    app = null;

    // Back on Demo: its staff and its practice sale, and nobody of Production.
    app = await startBrowserMode({ dataDir });
    await page.goto(app.url);
    await expect(page.getByRole('button', { name: /Maria Manager/ })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(OWNER.name) })).toHaveCount(0);
    await signInAs(app, DEMO_STAFF.manager);
    expect(await rpc(app, 'sales.list', {})).toHaveLength(1);
  } finally {
    await app?.stop();
    await live.close();
  }
});

test('a second browser mode on the same data folder says where the first runs, and stops', async () => {
  const first = await startBrowserMode();
  try {
    const second = await startBrowserMode({ dataDir: first.dataDir }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(second).toContain('eSIM Counter is already running on this data folder');
    expect(second).toContain(first.origin);
    expect((await rpc(first, 'app.info', {})).environment).toBe('demo');
  } finally {
    await first.stop();
  }
});
