import type { Page } from '@playwright/test';
import type { PackageOffer } from '../../shared/catalog.ts';
import type { SaleView } from '../../shared/sales.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { openByShortcut, rpc } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';

/** A sale the service refused (sold out), made by the clerk through the API: it was never ordered. */
async function refusedSale(app: RunningApp): Promise<SaleView> {
  const sandbox = await sandboxOf(app);
  await signInAs(app, DEMO_STAFF.clerk);
  const offer = (await rpc<PackageOffer[]>(app, 'catalog.packages', { country: 'ES', type: 'local' }))[0]!;
  await sandbox.post('/stock', { package_id: offer.id, quantity: 0 });
  const sale = await rpc<SaleView>(app, 'sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
  await sandbox.post('/stock', { package_id: offer.id, quantity: null });
  await rpc(app, 'session.signOut', {});
  expect(sale.status).toBe('failed');
  return sale;
}

async function openInHistory(page: Page, reference: string): Promise<void> {
  await openByShortcut(page, 5, 'History');
  const search = page.getByRole('searchbox', { name: /Search by ICCID/ });
  await search.fill(reference);
  await expect(page.getByRole('heading', { name: /· 1 sale$/ })).toBeVisible();
  await search.press('Enter');
  await expect(page.getByText(reference).first()).toBeVisible();
}

test('a sale never issued: the clerk sends it again from History (same reference); a manager voids another', async ({
  page,
  app,
}) => {
  const first = await refusedSale(app);
  const second = await refusedSale(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openInHistory(page, first.reference);
  await expect(page.getByRole('button', { name: 'Void…' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send again…' }).click();
  const confirm = page.getByRole('group', { name: 'Send this sale again' });
  await expect(confirm).toContainText('Only if the customer has paid for it and still wants it');
  await page.screenshot({ path: test.info().outputPath('history-send-again.png') });
  await confirm.getByRole('button', { name: 'Send again now' }).click();
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  await expect(page.getByText(first.reference).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again…' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.manager);
  await openInHistory(page, second.reference);
  await page.getByRole('button', { name: 'Void…' }).click();
  const form = page.getByRole('form', { name: 'Void this sale' });
  await expect(form.getByRole('button', { name: 'Void the sale' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Why' }).fill('Money given back');
  await form.getByRole('button', { name: 'Void the sale' }).click();
  await expect(page.getByTestId('sale-voided')).toContainText('Voided by Maria Manager');
  await expect(page.getByTestId('sale-voided')).toContainText('Money given back');
  await expect(page.getByRole('row', { name: new RegExp(second.reference) })).toContainText('Voided');
  await expect(page.getByRole('button', { name: 'Send again…' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('history-voided.png') });
});
