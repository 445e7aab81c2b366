import fs from 'node:fs';
import { formatMoney } from '../../shared/money.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay, signInAs } from './manager-setup.ts';
import { holdAnswers, recordLayoutShifts, takeLayoutShifts } from './shift-helpers.ts';

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

  // The note field appears with a difference; the confirmation is the app's own and repeats the figures.
  await page.getByRole('textbox', { name: 'Note on the difference (optional)' }).fill('Change given twice to one customer');
  page.on('dialog', () => {
    throw new Error('the close must not use a browser dialog');
  });
  await page.getByRole('button', { name: 'Close the day' }).click();
  const confirm = page.getByRole('dialog', { name: /^Close .*\?$/ });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Cash expected${expected}`);
  await expect(confirm).toContainText('Difference$2.50 short');
  await expect(confirm).toContainText('Change given twice to one customer');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await rpc(app, 'close.preview', { date: (await rpc(app, 'reports.day', {})).fromDate })).closes).toEqual([]);

  await page.getByRole('button', { name: 'Close the day' }).click();
  await confirm.getByRole('button', { name: 'Close the day' }).click();
  await expect(page.getByText('Day closed')).toBeVisible();
  await expect(page.getByTestId(`close-1-drawer-${day.currency}-difference`)).toHaveText('Over / short$2.50 short');
  await expect(page.getByRole('region', { name: /^Day close at/ })).toContainText('Change given twice to one customer');
  await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0);
  await expect(page.getByText(/Nothing has been sold on this day since the close/)).toBeVisible();

  // The backend agrees, and refuses a second close.
  const today = (await rpc(app, 'reports.day', {})).fromDate;
  const preview = await rpc(app, 'close.preview', { date: today });
  expect(preview.closes[0]).toMatchObject({
    cashDifference: [{ minor: -250, currency: day.currency }],
    note: 'Change given twice to one customer',
  });

  // The printed Z report: store name, the demo banner, the counted cash and the difference.
  await page.emulateMedia({ media: 'print' });
  const z = page.getByTestId('z-report');
  await expect(z).toBeVisible();
  await expect(z).toContainText('Z report');
  await expect(z).toContainText('DEMO');
  await expect(z).toContainText('Maria Manager');
  await expect(z).toContainText('$2.50 short');
  await expect(z).toContainText('Note: Change given twice to one customer');
  // The audit chain's head as the close recorded it: short to compare by eye, whole in small print.
  const head = preview.closes[0]!.auditHead!;
  await expect(z).toContainText(`Audit log${`entry ${head.seq} · ${head.hash.slice(0, 8)}…${head.hash.slice(-8)}`}`);
  await expect(z.getByTestId('z-audit-hash')).toHaveText(`Audit log entry ${head.seq}, sha256 ${head.hash}`);
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
    'time_utc,kind,reference,status,clerk,package_id,package,country,quantity,unit_price,total,currency,cost,cost_currency,tax,cost_in_currency,payment,partner_order,close,counted',
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

test('sales after the close show on the Close screen and go into a supplementary close of their own', async ({ page, app }) => {
  const day = await seedDay(app);
  const date = (await rpc(app, 'reports.day', {})).fromDate;
  const before = await rpc(app, 'close.preview', { date });
  await rpc(app, 'close.commit', {
    date,
    countedCash: [{ minor: day.cashMinor, currency: day.currency }],
    basis: before.open.basis,
  });

  // A clerk sells on after the close: one for cash, one paid otherwise.
  await signInAs(app, DEMO_STAFF.clerk);
  const offer = (await rpc(app, 'catalog.packages', { country: 'FR' }))[0]!;
  const late = [
    await rpc(app, 'sales.create', { packageId: offer.id, paymentMethod: 'cash', quantity: 1 }),
    await rpc(app, 'sales.create', { packageId: offer.id, paymentMethod: 'other', quantity: 1 }),
  ];
  // The till says so, above Sell as Sell is drawn: the note does not push the screen down when it comes.
  await recordLayoutShifts(page);
  const dayStatusAnswers = await holdAnswers(page, 'close.status');
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await takeLayoutShifts(page);
  dayStatusAnswers();
  await expect(page.getByRole('note').filter({ hasText: 'Today was closed at' })).toContainText(
    'Sales from now on go into a supplementary close',
  );
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
  expect(await takeLayoutShifts(page), 'what the day’s close moved').toEqual([]);
  await signInAs(app, DEMO_STAFF.manager);
  await page.goto('about:blank');
  await openAs(page, app, 'close');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
  // The till's note is for the selling screens only.
  await expect(page.getByRole('note').filter({ hasText: 'Today was closed at' })).toHaveCount(0);

  const price = formatMoney(late[0]!.total);
  const after = page.getByRole('region', { name: 'After the close', exact: true });
  await expect(after).toContainText(`After the close: 2 sales, ${price} cash · ${price} other`);
  await expect(after.getByRole('row')).toHaveCount(3);
  await expect(after).toContainText('Chris Clerk');
  await expect(page.getByTestId(`expected-cash-${day.currency}`)).toHaveText(price);
  // Close and Reports agree: the closes plus what came after are the whole day.
  const whole = page.getByRole('region', { name: 'The whole day' });
  const cashRow = whole.getByRole('row', { name: /Cash/ });
  await expect(cashRow).toContainText(formatMoney({ minor: day.cashMinor, currency: day.currency }));
  await expect(cashRow).toContainText(formatMoney({ minor: day.cashMinor + late[0]!.total.minor, currency: day.currency }));
  const report = await rpc(app, 'reports.day', {});
  expect(report.byPaymentMethod.find((p) => p.key === 'cash')?.revenue).toEqual([
    { minor: day.cashMinor + late[0]!.total.minor, currency: day.currency },
  ]);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: test.info().outputPath('after-the-close.png'), fullPage: true });

  await page.getByRole('textbox', { name: `Counted cash (${day.currency})` }).fill(price.replace(/[^0-9.]/g, ''));
  await expect(page.getByText('Difference: exact')).toBeVisible();
  await page.getByRole('button', { name: 'Close the later sales' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close the 2 sales after the close?' });
  await expect(confirm).toContainText(`Cash expected${price}`);
  await expect(confirm).toContainText(`Other${price}`);
  await confirm.getByRole('button', { name: 'Close the later sales' }).click();

  await expect(page.getByRole('region', { name: /^Supplementary close 2 at/ })).toContainText('Covers 2 sales completed after');
  await expect(page.getByRole('region', { name: 'After the close', exact: true })).toHaveCount(0);
  await expect(page.getByText(/Nothing has been sold on this day since the close/)).toBeVisible();
  await expect(page.getByText(/1 supplementary close since/)).toBeVisible();
  const closed = await rpc(app, 'close.preview', { date });
  expect(closed.closes.map((c) => [c.sequence, c.report.totals.sales])).toEqual([
    [1, 4],
    [2, 2],
  ]);
  expect(closed.open.sales).toBe(0);
  await page.screenshot({ path: test.info().outputPath('supplementary-close.png'), fullPage: true });

  // Its own Z report, printed from its own button.
  await page
    .getByRole('region', { name: /^Supplementary close 2 at/ })
    .getByRole('button', { name: 'Print Z report' })
    .click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('z-report')).toContainText('Z report — supplementary close 2');
  await page.emulateMedia({ media: 'screen' });
});
