import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';
import { sandboxOf } from './sandbox-control.ts';

test('a refund started from a sale in History, answered by the service, shown in History, Refunds and Reports', async ({
  page,
  app,
}) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app, DEMO_STAFF.clerk, { quantity: 2, customerEmail: 'ana@example.com' });
  const [a, b] = sale.esims.map((e) => e.iccid) as [string, string];
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'history');
  await page.getByRole('button', { name: `Open sale ${sale.reference}` }).click();
  const detail = page.getByRole('region', { name: new RegExp(`^${sale.packageData}`) });

  await detail.getByRole('button', { name: 'Request a refund…' }).click();
  const form = page.getByRole('form', { name: `Refund for ${sale.reference}` });
  await expect(form.getByRole('heading', { name: `Refund for ${sale.reference}` })).toBeFocused();
  // No eSIM is ticked until the manager ticks it; the customer's e-mail is filled in.
  const spaced = (iccid: string) => iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
  await expect(form.getByRole('checkbox', { name: spaced(a) })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: spaced(b) })).not.toBeChecked();
  await expect(form.getByRole('textbox', { name: /e-mail/ })).toHaveValue('ana@example.com');
  await expect(form).toContainText('The eSIM service takes 5 refund requests per minute.');
  // Only the first eSIM.
  await form.getByRole('checkbox', { name: spaced(a) }).check();
  await expect(form.getByRole('checkbox', { name: spaced(b) })).not.toBeChecked();
  const send = form.getByRole('button', { name: 'Request a refund for one eSIM' });
  await expect(send).toBeDisabled();
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'No coverage' });
  await send.click();
  await expect(detail.getByRole('status').filter({ hasText: 'Refund requested' })).toContainText('Refund requested for one eSIM');
  await expect(detail.getByRole('status').filter({ hasText: 'Refund requested' })).toBeFocused();
  // The chip and its sentence read apart, with the day in words.
  await expect(detail.locator('.refund-line').first()).toHaveText(
    /^Refund requested — asked on \w{3}, (\d{1,2} \w{3}|\w{3} \d{1,2},) \d{4}; the eSIM service is reviewing it$/,
  );
  // While the service reviews it, no second request for the sale is offered.
  await expect(detail.getByRole('button', { name: 'Request a refund…' })).toHaveCount(0);
  // The form came and went: the eSIM's packages are listed once.
  await expect(detail.getByRole('region', { name: 'Packages on this eSIM' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('history-refund-requested.png') });

  const [request] = await rpc(app, 'refunds.list', {});
  expect(request).toMatchObject({ saleId: sale.id, iccids: [a], status: 'requested' });
  await sandbox.post(`/refunds/${request!.partnerId}/decide`, { approve: true });

  // The manager asks for the answers on the Refunds screen.
  await page.evaluate(() => {
    window.location.hash = 'refunds';
  });
  await page.getByRole('button', { name: 'Check for answers' }).click();
  const row = page.getByRole('region', { name: 'Refund requests' }).getByRole('row', { name: new RegExp(a) });
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText(`From sale ${sale.reference}`);

  // History says so on the sale's row, and Reports count the eSIM apart from those sold.
  await page.evaluate(() => {
    window.location.hash = 'history';
  });
  await expect(page.getByRole('row', { name: new RegExp(sale.reference) })).toContainText('Refunded');
  await page.evaluate(() => {
    window.location.hash = 'reports';
  });
  await expect(page.getByTestId('total-refunded')).toContainText('1');
  await expect(page.getByTestId('total-esims')).toContainText('1');
  await expect(page.getByTestId('refunded-note')).toContainText('One eSIM of this period’s sales has since been refunded');
});
