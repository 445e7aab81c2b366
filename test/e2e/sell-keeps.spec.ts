import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, HALF_MINUTE_LOCK, signIn, test } from './fixtures.ts';
import { recordCalls } from './calls-log.ts';
import { rpc, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry, sellFocusedPackage } from './sell-helpers.ts';
import type { RunningApp } from '../support/browser-mode.ts';

const currentStep = (page: Page) => page.getByRole('list', { name: 'Sale steps' }).locator('[aria-current="step"]');
const qr = (page: Page) => page.getByRole('img', { name: 'Install QR code', exact: true });

async function unlock(page: Page, pin: string) {
  await expect(page.getByRole('heading', { name: /Locked — Chris Clerk/ })).toBeVisible();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Chris Clerk ·')).toBeVisible();
}

async function customerDisplay(page: Page, app: RunningApp): Promise<Page> {
  const display = await page.context().newPage();
  await display.goto(`${app.origin}/display#key=${app.key}`);
  return display;
}

test('a slow sale finishes while the clerk is on another screen: it is noticed there, and the QR waits on Sell until New sale', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  await sandbox.hold({ method: 'POST', path: '^/v2/orders$' });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Selling… the eSIM service is issuing the eSIM/)).toBeVisible();

  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Top up an eSIM' })).toBeVisible();
  // The service answers once the clerk is on another screen.
  await sandbox.release();
  const notice = page.getByRole('status', { name: 'Sales settled' });
  await expect(notice).toContainText(/Sale EC-(?:[\w.]+-)?\d{8}-\w+ completed — the eSIM is ready on the Sell screen\./, {
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: /Sell.*a sale finished/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sale-finished-elsewhere.png') });

  await notice.getByRole('button', { name: 'Back to Sell' }).click();
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();
  await expect(qr(page)).toBeVisible();
  await expect(currentStep(page)).toContainText('eSIM');
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sell.*a sale finished/ })).toHaveCount(0);

  // Away and back again: the sale result is still there, until New sale.
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.getByRole('link', { name: /^Sell/ }).click();
  await expect(qr(page)).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(currentStep(page)).toContainText('Country & package');
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toHaveValue('');
  await expect(qr(page)).toHaveCount(0);
});

test('a lock keeps the clerk’s sale for the same person, and shows it to nobody else', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('textbox', { name: /Customer e-mail/ }).fill('anna@example.com');

  await page.getByRole('button', { name: 'Lock' }).click();
  await unlock(page, DEMO_STAFF.clerk.pin);
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /Customer e-mail/ })).toHaveValue('anna@example.com');
  await page.screenshot({ path: test.info().outputPath('after-unlock-details.png') });

  // The sold eSIM survives a lock too.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Sold/ })).toBeVisible();
  await page.getByRole('button', { name: 'Lock' }).click();
  await unlock(page, DEMO_STAFF.clerk.pin);
  await expect(qr(page)).toBeVisible();

  // Someone else at the counter: nothing of Chris’s sale, nor of a draft.
  await page.getByRole('button', { name: 'Lock' }).click();
  await page.getByRole('button', { name: 'Someone else' }).click();
  await signIn(page, DEMO_STAFF.manager);
  await page.getByRole('link', { name: /^Sell/ }).click();
  await expect(currentStep(page)).toContainText('Country & package');
  await expect(page.getByRole('heading', { name: /Sold/ })).toHaveCount(0);
  await expect(page.getByText('anna@example.com')).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
});

test.describe('a one-minute idle lock (lasting 30 s here)', () => {
  test.use({ appArgs: HALF_MINUTE_LOCK });

  test('the idle lock keeps the clerk’s draft too; the screen’s own timed reads do not hold the lock off', async ({
    page,
    app,
  }) => {
    await signInAs(app, DEMO_STAFF.manager);
    await rpc(app, 'settings.update', { idleLockMinutes: 1 });
    await rpc(app, 'session.signOut', {});
    await page.goto(app.url);
    await signIn(page, DEMO_STAFF.clerk);
    await openCountry(page, 'jap', 'Japan');
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('textbox', { name: /Customer e-mail/ }).fill('anna@example.com');
    // Nobody touches the counter: it locks by itself within the minute (30 s here), through Sell's own reads every 15 s.
    await expect(page.getByRole('heading', { name: /Locked — Chris Clerk/ })).toBeVisible({ timeout: 60_000 });
    await unlock(page, DEMO_STAFF.clerk.pin);
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: /Customer e-mail/ })).toHaveValue('anna@example.com');
  });
});

test('leaving Sell with nothing sold puts the customer display back to idle; a sold eSIM’s QR stays up', async ({
  page,
  app,
}) => {
  const calls = await recordCalls(page);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const display = await customerDisplay(page, app);
  const screen = display.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');

  await openCountry(page, 'jap', 'Japan');
  await page.keyboard.press('Enter');
  await expect(screen).toHaveAttribute('data-kind', 'offer');
  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await expect(page.getByRole('status', { name: 'Customer display' })).toContainText('Welcome');

  // Back at Sell, the package is still chosen and the customer sees its offer again.
  await page.getByRole('link', { name: /^Sell/ }).click();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(screen).toHaveAttribute('data-kind', 'offer');

  // Start over forgets the draft and the offer.
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(screen).toHaveAttribute('data-kind', 'idle');

  // A sold eSIM whose QR is up stays up while the clerk looks something up.
  await openCountry(page, 'jap', 'Japan');
  await sellFocusedPackage(page);
  await page.getByRole('button', { name: 'Show on customer display' }).click();
  await expect(screen).toHaveAttribute('data-kind', 'install');
  const before = (await calls()).length;
  await page.getByRole('link', { name: 'Usage' }).click();
  // React finishes what leaving Sell set off before it renders a key typed on Usage.
  const iccid = page.getByRole('textbox', { name: 'ICCID' });
  await iccid.pressSequentially('89');
  await expect(iccid).toHaveValue('89');
  expect((await calls()).slice(before).filter((method) => method.startsWith('display.'))).toEqual([]);
  await expect(screen).toHaveAttribute('data-kind', 'install');
});
