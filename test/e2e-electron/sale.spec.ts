/**
 * The main sale flow in the real Electron app (built by `npm run build`), on a fresh data folder in
 * Demo: sign in as the clerk, find Japan, sell by keyboard, see the QR. Also checks from inside the
 * running app what the unit tests check against the fake: the page has no Node, window.counter is
 * exactly the contract, no new windows, no navigation away, no network from the renderer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { methodNames } from '../../shared/contract.ts';
import { electronExecutable, hasDisplay, missingBuild, root } from './runtime.ts';

const runtime = electronExecutable();
const skipReason =
  'reason' in runtime
    ? `No Electron runtime: ${runtime.reason}.`
    : !hasDisplay()
      ? 'No display to open a window on (use xvfb-run on Linux).'
      : null;
// The desktop workflow installs the runtime and sets this: there, a missing runtime is a failure, not a skip.
if (skipReason && process.env.ESIM_COUNTER_REQUIRE_ELECTRON === '1') throw new Error(skipReason);
test.skip(skipReason !== null, skipReason ?? '');

const CLERK = { name: 'Chris Clerk', pin: '1357' };

let app: ElectronApplication;
let page: Page;
let dataDir: string;
const foreignRequests: string[] = [];

test.beforeAll(async () => {
  const notBuilt = missingBuild();
  if (notBuilt) throw new Error(notBuilt);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-electron-'));
  const env = { ...process.env, ESIM_COUNTER_USER_DATA_DIR: dataDir } as Record<string, string>;
  delete env.ELECTRON_RUN_AS_NODE;
  app = await electron.launch({ executablePath: (runtime as { path: string }).path, args: [root], env, cwd: root });
  page = await app.firstWindow();
  page.on('request', (request) => {
    if (!request.url().startsWith('app://') && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
      foreignRequests.push(request.url());
  });
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the clerk window is our app:// page, with no Node and exactly the contract on window.counter', async () => {
  expect(page.url()).toBe('app://counter/');
  const seen = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    module: typeof (globalThis as { module?: unknown }).module,
    keys: Object.keys((window as unknown as { counter: object }).counter).sort(),
    frozen: Object.isFrozen((window as unknown as { counter: object }).counter),
  }));
  expect(seen).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    keys: [...methodNames, 'onEvent'].sort(),
    frozen: true,
  });
  const info = await page.evaluate(() =>
    (window as unknown as { counter: Record<string, (i: unknown) => Promise<unknown>> }).counter['app.info']!({}),
  );
  // journalCheckpoints: the bundled worker (CommonJS, inside app.asar) started in Electron's main process.
  expect(info).toMatchObject({ ok: true, value: { transport: 'electron', environment: 'demo', journalCheckpoints: 'worker' } });
});

test('new windows and navigation away are blocked', async () => {
  const opened = await page.evaluate(() => window.open('https://example.com/', '_blank'));
  expect(opened).toBeNull();
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe('app://counter/');
  expect(app.windows()).toHaveLength(1);
  const csp = await page.evaluate(async () => {
    try {
      await fetch('https://example.com/');
      return 'fetched';
    } catch {
      return 'blocked';
    }
  });
  expect(csp).toBe('blocked');
});

test('a clerk signs in with the PIN and sells an eSIM by keyboard, and the renderer makes no request off app://', async () => {
  foreignRequests.length = 0;
  await page.getByRole('button', { name: new RegExp(CLERK.name) }).click();
  await page.keyboard.type(CLERK.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${CLERK.name} ·`)).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill('jap');
  await expect(page.getByRole('option', { name: /Japan/ })).toBeVisible({ timeout: 60_000 });
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Packages' }).getByRole('listitem').first()).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  const sales = await page.evaluate(() =>
    (window as unknown as { counter: Record<string, (i: unknown) => Promise<unknown>> }).counter['sales.list']!({}),
  );
  expect(sales).toMatchObject({ ok: true, value: [{ status: 'completed' }] });
  expect(foreignRequests).toEqual([]);
});

test('the customer display opens from the main process on app://counter/display', async () => {
  const next = app.waitForEvent('window');
  await app.evaluate(({ Menu }) => {
    Menu.getApplicationMenu()?.getMenuItemById('customer-display')?.click();
  });
  const display = await next;
  await display.waitForLoadState('domcontentloaded');
  expect(display.url()).toBe('app://counter/display');
  const keys = await display.evaluate(() => Object.keys((window as unknown as { counter: object }).counter).length);
  expect(keys).toBe(methodNames.length + 1);
  // The display may read what to show, and nothing else.
  const refused = await display.evaluate(() =>
    (window as unknown as { counter: Record<string, (i: unknown) => Promise<unknown>> }).counter['sales.list']!({}),
  );
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
});
