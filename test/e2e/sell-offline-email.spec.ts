import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openCountry } from './sell-helpers.ts';
import type { Page } from '@playwright/test';
import type { RunningApp } from '../support/browser-mode.ts';

const EMAIL = 'amelie.traveller@example.com';

/** A manager allows sales while the service is away, in Settings, as a manager would. */
async function allowOfflineSales(page: Page, app: RunningApp) {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Sales while the eSIM service is away' });
  await panel.getByRole('checkbox', { name: 'Allow sales while the service is away' }).check();
  await panel.getByRole('textbox', { name: /Most one sale may come to/ }).fill('100');
  await panel.getByRole('textbox', { name: 'Hours to send it, else refund' }).fill('24');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/** A clerk at Confirm for a French package paid in cash, with the service cut: the offer to e-mail it. */
async function clerkAtConfirmOffline(page: Page, app: RunningApp) {
  const sandbox = await sandboxOf(app);
  await signIn(page, DEMO_STAFF.clerk);
  await openCountry(page, 'fra', 'France');
  await sandbox.post('/faults', { match: { path: '/' }, kind: 'reset-before', times: 100_000 });
  const banner = page.getByTestId('unreachable-banner');
  // The backend's probe notices within its interval, and the event reaches the screen.
  await expect(banner).toBeVisible({ timeout: 25_000 });
  await expect(banner).toContainText('You can still sell on Sell: the eSIM is e-mailed');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm the sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sell for/ })).toBeDisabled();
  const offer = page.getByTestId('offline-offer');
  await expect(offer).toContainText('Sell now, the eSIM by e-mail');
  return { sandbox, offer };
}

test('the service away: a clerk takes the sale for e-mail delivery, the customer reads it back, and it is placed once when the service returns', async ({
  page,
  app,
}) => {
  await allowOfflineSales(page, app);
  const { sandbox, offer } = await clerkAtConfirmOffline(page, app);

  // The address typed twice: a slip is caught before anything is taken.
  await offer.getByRole('textbox', { name: 'Customer e-mail' }).fill(EMAIL);
  await offer.getByRole('textbox', { name: 'Type it again' }).fill('amelie.traveler@example.com');
  await offer.getByRole('button', { name: /eSIM by e-mail/ }).click();
  await expect(offer.getByRole('alert')).toHaveText('The two addresses are not the same. Check them with the customer.');
  await offer.getByRole('textbox', { name: 'Type it again' }).fill(EMAIL);
  await page.screenshot({ path: test.info().outputPath('offline-offer.png') });

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  const screen = display.getByRole('main');
  await offer.getByRole('button', { name: /eSIM by e-mail/ }).click();

  const result = page.getByTestId('offline-result');
  await expect(result.getByRole('heading')).toHaveText('Taken: the eSIM comes by e-mail');
  await expect(result).toContainText(EMAIL);
  const reference = (await result.innerText()).match(/EC-(?:[\w.]+-)?\d{8}-[0-9A-Z]{8}/)?.[0];
  expect(reference).toBeTruthy();
  // Every clerk sees what waits, on any screen.
  await expect(page.getByTestId('queued-notice')).toContainText('1 sale taken while the eSIM service was away waits');
  // The receipt says where, by when, and the money back otherwise.
  const receipt = page.getByTestId('offline-receipt');
  await expect(receipt).toContainText(`To: ${EMAIL}`);
  await expect(receipt).toContainText('If it cannot be issued by then, you get your money back.');
  // The customer reads the address back on their screen, in their language.
  await expect(screen).toHaveAttribute('data-kind', 'emailed');
  await expect(screen).toContainText(EMAIL);
  await expect(screen).toContainText('If it cannot be issued by then, you get your money back.');
  await display.getByRole('button', { name: 'Français' }).click();
  await expect(screen).toContainText('Votre eSIM arrive par e-mail');
  await display.screenshot({ path: test.info().outputPath('offline-display.png') });
  await page.screenshot({ path: test.info().outputPath('offline-taken.png') });

  // Nothing went to the service while it was away; the sale waits in History as such.
  const waiting = await rpc(app, 'sales.queued', {});
  expect(waiting.map((s) => [s.reference, s.status])).toEqual([[reference, 'queued']]);

  // The service answers again: the counter places it by itself, and the screens follow.
  await sandbox.clearFaults();
  await expect(result.getByRole('heading')).toHaveText('Sent: the eSIM is on its way by e-mail', { timeout: 30_000 });
  await expect(page.getByTestId('queued-notice')).toHaveCount(0);
  const orders = (await (await fetch(`${sandbox.url}/__sandbox/orders`)).json()) as { orders: { description: string }[] };
  expect(orders.orders.filter((o) => o.description === reference)).toHaveLength(1);
  const emails = (await (await fetch(`${sandbox.url}/__sandbox/emails`)).json()) as { emails: { to: string }[] };
  expect(emails.emails.filter((e) => e.to === EMAIL)).toHaveLength(1);
  await page.screenshot({ path: test.info().outputPath('offline-sent.png') });
});

test('a waiting sale keeps the day open, named on Close, until it is placed or a manager records its refund', async ({
  page,
  app,
}) => {
  await allowOfflineSales(page, app);
  const { offer } = await clerkAtConfirmOffline(page, app);
  await offer.getByRole('textbox', { name: 'Customer e-mail' }).fill(EMAIL);
  await offer.getByRole('textbox', { name: 'Type it again' }).fill(EMAIL);
  await offer.getByRole('button', { name: /eSIM by e-mail/ }).click();
  await expect(page.getByTestId('offline-result')).toContainText('Taken: the eSIM comes by e-mail');
  const [waiting] = await rpc(app, 'sales.queued', {});

  // The manager comes to close while the service is still away.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.manager);
  await openAs(page, app, 'close');
  await expect(page.getByRole('alert').filter({ hasText: 'taken while the service was away' })).toContainText(waiting!.reference);
  const panel = page.getByTestId('offline-refunds');
  await expect(panel).toContainText('1 sale waits to be sent to the eSIM service.');
  await page.screenshot({ path: test.info().outputPath('close-offline-open.png') });

  // The customer would rather not wait: the manager stops it first (it could be sent any moment),
  // then is told to give the money back.
  await panel.getByRole('textbox', { name: 'How it will be refunded' }).fill('Cash back at the counter');
  await panel.getByRole('button', { name: 'Stop sending it' }).click();
  await expect(panel.getByRole('status')).toContainText(`Stopped: ${waiting!.reference} will not be sent. Give the customer`);
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'taken while the service was away' })).toHaveCount(0);
  const refunded = await rpc(app, 'sales.get', { id: waiting!.id });
  expect(refunded).toMatchObject({
    status: 'failed',
    voided: { reason: 'Cash back at the counter' },
    offline: { state: 'refunded' },
  });
});
