import fs from 'node:fs';
import { formatMoney } from '../../shared/money.ts';
import { expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay } from './manager-setup.ts';

test('the close shows the expected cash, the difference counted, and then the day as closed', async ({ page, app }) => {
  const day = await seedDay(app);
  await openAs(page, app, 'close');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();

  const expected = formatMoney({ minor: day.cashMinor, currency: day.currency });
  await expect(page.getByTestId(`expected-cash-${day.currency}`)).toHaveText(expected);
  await expect(page.getByRole('table', { name: 'Expected takings' }).getByRole('row', { name: /Cash/ })).toContainText(expected);
  // The demo sandbox lists the same four orders.
  await expect(page.getByRole('region', { name: 'Reconciliation' })).toContainText('All 4 orders match');

  const short = day.cashMinor - 250;
  const typed = `${Math.floor(short / 100)}.${String(short % 100).padStart(2, '0')}`;
  await page.getByRole('textbox', { name: `Counted cash (${day.currency})` }).fill(typed);
  await expect(page.getByText('Difference: $2.50 short')).toBeVisible();

  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await dialog.accept();
    return message;
  });
  await page.getByRole('button', { name: 'Close the day' }).click();
  expect(await asked).toContain('with the cash $2.50 short');
  await expect(page.getByText('Day closed')).toBeVisible();
  await expect(page.getByTestId('cash-difference')).toHaveText('$2.50 short');
  await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0);

  // The backend agrees, and refuses a second close.
  const today = (await rpc(app, 'reports.day', {})).fromDate;
  const preview = await rpc(app, 'close.preview', { date: today });
  expect(preview.closed?.cashDifference).toEqual([{ minor: -250, currency: day.currency }]);

  // The printed Z report: store name, the demo banner, the counted cash and the difference.
  await page.emulateMedia({ media: 'print' });
  const z = page.getByTestId('z-report');
  await expect(z).toBeVisible();
  await expect(z).toContainText('Z report');
  await expect(z).toContainText('DEMO');
  await expect(z).toContainText('Maria Manager');
  await expect(z).toContainText('$2.50 short');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(z).toBeHidden();
});

test('the CSV download has the header and one line per sale', async ({ page, app }) => {
  const day = await seedDay(app);
  await openAs(page, app, 'close');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const today = (await rpc(app, 'reports.day', {})).fromDate;
  expect(download.suggestedFilename()).toBe(`esim-counter-${today}.csv`);
  const content = fs.readFileSync((await download.path())!, 'utf8');
  const lines = content.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'time_utc,kind,reference,status,clerk,package_id,package,country,quantity,unit_price,total,currency,cost,cost_currency,payment,partner_order',
  );
  const sales = [...day.chris, ...day.dana];
  expect(lines).toHaveLength(1 + sales.length);
  for (const sale of sales) {
    const line = lines.find((l) => l.includes(sale.reference));
    expect(line, sale.reference).toBeDefined();
    expect(line).toContain(sale.paymentMethod);
  }
  expect(lines.filter((l) => l.includes('Dana Clerk'))).toHaveLength(1);
  expect(lines.filter((l) => l.includes('Chris Clerk'))).toHaveLength(3);
});
