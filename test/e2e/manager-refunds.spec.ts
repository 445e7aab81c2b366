import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';
import { holdAnswers, recordLayoutShifts, takeLayoutShifts } from './shift-helpers.ts';

/** Valid in form (starts with 89, 19 digits, Luhn) but never issued by the sandbox. */
const FOREIGN_ICCID = '8999000000000000005';

test('a refund for an eSIM sold today is requested; an unknown ICCID is refused in the service’s words', async ({
  page,
  app,
}) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'refunds');
  await expect(page.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
  const requests = page.getByRole('region', { name: 'Refund requests' });
  await expect(requests).toContainText('No refund has been requested');

  const form = page.getByRole('form', { name: 'Request a refund' });
  const send = form.getByRole('button', { name: 'Request refund' });
  await form.getByRole('textbox', { name: /ICCIDs, one per line/ }).fill(`${iccid}\n`);
  await expect(form).toContainText('1 of 5 ICCIDs');
  await expect(send).toBeDisabled();
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'No coverage' });
  await send.click();
  await expect(form.getByRole('status')).toContainText('Refund requested for one eSIM');

  const first = requests.getByRole('row', { name: new RegExp(iccid) });
  await expect(first).toContainText('No coverage');
  await expect(first).toContainText('Requested');
  await expect(first).toContainText('Maria Manager');

  // "Other" needs a note; then the unknown ICCID is refused by the service.
  await form.getByRole('textbox', { name: /ICCIDs, one per line/ }).fill(FOREIGN_ICCID);
  await form.getByRole('combobox', { name: 'Reason' }).selectOption('OTHERS');
  await expect(send).toBeDisabled();
  await form.getByRole('textbox', { name: /Notes for the service/ }).fill('Customer changed their mind at the till.');
  await send.click();
  await expect(form.getByRole('alert')).toContainText('The eSIM service refused the request');
  await expect(form.getByRole('alert')).toContainText('do not belong to your company');
  const refused = requests.getByRole('row', { name: new RegExp(FOREIGN_ICCID) });
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText('do not belong to your company');
  await expect(refused).toContainText('Customer changed their mind');

  // Newest first, as the backend keeps them.
  const listed = await rpc(app, 'refunds.list', {});
  expect(listed.map((r) => [r.iccids[0], r.status])).toEqual([
    [FOREIGN_ICCID, 'refused'],
    [iccid, 'requested'],
  ]);
  await expect(requests.getByRole('row').nth(1)).toContainText(FOREIGN_ICCID);
});

test('the ICCID field names bad lines and more than five ICCIDs before anything is sent', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  // The service's limit on requests is said below the button: above it, its arrival moved the button down.
  await recordLayoutShifts(page);
  const limitAnswers = await holdAnswers(page, 'refunds.limit');
  await openAs(page, app, 'refunds');
  const form = page.getByRole('form', { name: 'Request a refund' });
  await expect(form.getByRole('button', { name: 'Request refund' })).toBeVisible();
  await takeLayoutShifts(page);
  limitAnswers();
  await expect(form.getByText(/^The eSIM service takes /)).toBeVisible();
  expect((await takeLayoutShifts(page)).filter((shift) => shift.includes('div.actions'))).toEqual([]);
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Slow speed' });
  const field = form.getByRole('textbox', { name: /ICCIDs, one per line/ });
  await field.fill('123456789012345');
  await expect(form).toContainText('Line 1: This has 15 digits, like a phone IMEI');
  await expect(form.getByRole('button', { name: 'Request refund' })).toBeDisabled();
  const six = Array.from({ length: 6 }, (_, i) => `89990000000000000${10 + i}`).join('\n');
  await field.fill(six);
  await expect(form).toContainText('at most 5 in one request');
  await expect(form.getByRole('button', { name: 'Request refund' })).toBeDisabled();
});
