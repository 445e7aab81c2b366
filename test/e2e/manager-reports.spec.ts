import { formatMoney } from '../../shared/money.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { call, openAs, rpc, SECOND_CLERK, seedDay, signInAs } from './manager-setup.ts';

test('the day report shows both clerks with their counts and revenue, and draws the charts', async ({ page, app }) => {
  const day = await seedDay(app);
  await openAs(page, app, 'reports');

  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('total-sales')).toContainText('4');

  const byClerk = page.getByRole('region', { name: 'By clerk' });
  const chrisRevenue = formatMoney({ minor: day.chris.reduce((s, x) => s + x.total.minor, 0), currency: day.currency });
  const danaRevenue = formatMoney({ minor: day.dana[0]!.total.minor, currency: day.currency });
  const chrisRow = byClerk.getByRole('row', { name: new RegExp(DEMO_STAFF.clerk.name) });
  const danaRow = byClerk.getByRole('row', { name: new RegExp(SECOND_CLERK.name) });
  await expect(chrisRow.getByRole('cell').nth(0)).toHaveText('3');
  await expect(chrisRow.getByRole('cell').nth(1)).toHaveText(chrisRevenue);
  await expect(danaRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(danaRow.getByRole('cell').nth(1)).toHaveText(danaRevenue);

  const byPayment = page.getByRole('region', { name: 'By payment method' });
  await expect(byPayment.getByRole('row', { name: /Cash/ }).getByRole('cell').nth(0)).toHaveText('3');
  await expect(byPayment.getByRole('row', { name: /Card/ }).getByRole('cell').nth(0)).toHaveText('1');

  // A single day has its hours; the days of a range come with their revenue.
  await expect(page.getByRole('figure', { name: 'Sales per day' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  // The range's figures replace the day's, and the hour chart is drawn anew on a new canvas: read
  // the canvases once the range is in (its own chart is there), and read each as a whole, again
  // until it holds, since a canvas read just as it is replaced has no box.
  await expect(page.getByRole('figure', { name: 'Sales per day' })).toBeVisible();
  // uPlot draws on a <canvas>: it exists, has a size, and the bars put paint on it.
  for (const [id, title] of [
    ['per-hour', 'Sales per hour'],
    ['per-day', 'Sales per day'],
    ['revenue-per-day', 'Revenue per day'],
  ] as const) {
    await expect(page.getByRole('figure', { name: title })).toBeVisible();
    const canvas = page.getByTestId(`chart-${id}`).locator('canvas');
    await expect(canvas).toBeVisible();
    const drawn = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const { width, height } = element.getBoundingClientRect();
        const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
        let blue = 0;
        for (let i = 0; i < data.length; i += 4) {
          // The bars' colour, #0b6bcb.
          if (data[i]! < 40 && data[i + 1]! > 80 && data[i + 1]! < 130 && data[i + 2]! > 180 && data[i + 3]! > 200) blue++;
        }
        return width > 200 && height > 100 && blue > 50;
      });
    await expect.poll(drawn, { message: `${title}: a sized canvas with bars on it` }).toBe(true);
  }
  await expect(page.getByRole('figure', { name: 'Sales per hour' })).toContainText('4 sales and top-ups in all');
  await expect(byClerk.getByRole('columnheader', { name: 'Sales', exact: true })).toBeVisible();

  // A top-up counts in the breakdowns beside the sales, and the headings say so; it has no country.
  const sold = day.chris[0]!;
  const options = await rpc(app, 'topups.options', { iccid: sold.esims[0]!.iccid });
  await rpc(app, 'topups.create', { iccid: sold.esims[0]!.iccid, packageId: options.offers[0]!.id, paymentMethod: 'cash' });
  await page.reload();
  await expect(page.getByTestId('total-topups')).toContainText('1');
  await expect(byClerk.getByRole('columnheader', { name: 'Sales + top-ups' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'By country (sales)' }).getByRole('columnheader', { name: 'Sales', exact: true }),
  ).toBeVisible();
});

test('a clerk is refused the back office, on screen and by the backend', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail.getByRole('link', { name: 'Sell' })).toBeVisible();
  for (const label of ['Reports', 'Close day', 'Staff', 'Settings', 'Audit log']) {
    await expect(rail.getByRole('link', { name: label })).toHaveCount(0);
  }

  await page.evaluate(() => {
    window.location.hash = 'reports';
  });
  // The address opens the first screen a clerk may use instead.
  await expect(page).toHaveURL(/#sell$/);
  await expect(page.getByRole('heading', { name: 'Where is the customer going?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports' })).toHaveCount(0);

  for (const [method, input] of [
    ['reports.day', {}],
    ['close.csv', { date: '2024-01-01' }],
    ['staff.all', {}],
    ['audit.verify', {}],
  ] as const) {
    const result = await call(app, method, input);
    expect(result.ok, method).toBe(false);
    if (!result.ok) expect(result.error.code, method).toBe('forbidden');
  }
});

test('a fresh Demo offers example sales on the last three days, which the report and the close then show', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'reports');
  const offer = page.getByRole('region', { name: 'Example sales' });
  await offer.getByRole('button', { name: 'Add example sales' }).click();
  await expect(offer.getByRole('status')).toHaveText('Added 9 example sales.');
  await expect(offer.getByRole('button', { name: 'Add example sales' })).toHaveCount(0);
  // The report opens on those days, sold by the Demo clerk; the days are there to close.
  await expect(page.getByTestId('total-sales')).toContainText('9');
  await expect(page.getByRole('region', { name: 'By clerk' }).getByRole('row', { name: /Chris Clerk/ })).toBeVisible();
  expect((await rpc(app, 'close.unclosed', {})).length).toBeGreaterThanOrEqual(3);
  // Once only: the next visit offers nothing.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Example sales' })).toHaveCount(0);
});
