import fs from 'node:fs';
import { addDays } from '../../shared/clock.ts';
import { formatMoney } from '../../shared/money.ts';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { copySalesBack, openAs, rpc, seedDay, signInAs } from './manager-setup.ts';

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`a day never closed is flagged on the landing screen, beside Close and on Reports, and its close opens from there (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    await seedDay(app);
    const today = (await rpc(app, 'reports.day', {})).fromDate;
    await app.stop();
    copySalesBack(app.dataDir, 2);
    const again: RunningApp = await startBrowserMode({ dataDir: app.dataDir });
    try {
      await signInAs(again, DEMO_STAFF.manager);
      const unclosed = addDays(today, -2);
      expect(await rpc(again, 'close.unclosed', {})).toEqual([{ date: unclosed, count: 4 }]);
      // The manager's first screen says it in words, with the way to Close.
      await page.goto(again.url);
      const reminder = page.getByTestId('unclosed-reminder');
      await expect(reminder).toContainText('1 day with sales was never closed: its takings were never counted.');
      await expect(page.getByRole('heading', { name: 'Where is the customer going?' })).toBeInViewport();
      await page.screenshot({ path: info.outputPath(`landing-unclosed-${viewport.width}.png`) });
      await expectNoViolations(page, 'the landing screen with a day never closed');
      await reminder.getByRole('button', { name: 'Close day' }).click();
      await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
      await expect(page.getByTestId('unclosed-days')).toBeVisible();
      await openAs(page, again, 'reports');
      await expect(page.getByRole('navigation').getByTestId('unclosed-badge')).toHaveAttribute(
        'aria-label',
        '1 day never closed',
      );
      const notice = page.getByTestId('unclosed-days');
      await expect(notice).toContainText('1 day with sales was never closed: its takings were never counted.');
      await page.screenshot({ path: info.outputPath(`reports-unclosed-${viewport.width}.png`), fullPage: true });
      await notice.getByRole('button', { name: /^Close / }).click();
      await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Day' })).not.toHaveValue('');
      const preview = await rpc(again, 'close.preview', { date: unclosed });
      expect(preview.open.sales).toBe(4);
      await expect(page.getByText(`Expected cash`)).toBeVisible();
      await page.getByRole('textbox', { name: /^Counted cash/ }).fill('12.00');
      await page.getByRole('button', { name: 'Close the day' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close the day' }).click();
      await expect(page.getByText('Day closed')).toBeVisible();
      await expect(notice).toBeHidden();
      await expect(page.getByTestId('unclosed-badge')).toHaveCount(0);
      expect(await rpc(again, 'close.unclosed', {})).toEqual([]);
      await page.getByRole('navigation').getByRole('link', { name: 'Sell' }).click();
      await expect(page.getByRole('heading', { name: 'Where is the customer going?' })).toBeVisible();
      await expect(page.getByTestId('unclosed-reminder')).toHaveCount(0);
    } finally {
      await again.stop();
    }
  });
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the day's till: an opening float at the first sign-in, every tender counted at the close, a reason above the limit (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    await seedDay(app);
    await rpc(app, 'settings.update', { closeReasonThreshold: { minor: 50, currency: 'USD' } });

    await openAs(page, app, 'sell');
    const float = page.getByRole('region', { name: 'Opening float' });
    await expect(float).toBeVisible();
    // Asked where the day's first clerk looks, not below the country list.
    await expect(float).toBeInViewport({ ratio: 1 });
    await float.getByRole('textbox', { name: 'Cash in the drawer to start (USD)' }).fill('100.00');
    await page.screenshot({ path: info.outputPath(`float-${viewport.width}.png`) });
    await float.getByRole('button', { name: 'Start the day' }).click();
    await expect(float).toBeHidden();
    expect((await rpc(app, 'till.today', {})).session).toMatchObject({
      float: { minor: 10_000, currency: 'USD' },
      source: 'entered',
    });

    await page.evaluate(() => (window.location.hash = 'close'));
    await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
    // Four sales: $12.00 in cash and $4.00 by card, plus the $100.00 float in the drawer.
    await expect(page.getByTestId('expected-cash-USD')).toHaveText('$112.00');
    await expect(page.getByTestId('float-USD')).toHaveText('(opening float $100.00 included)');
    await expect(page.getByTestId('expected-card-USD')).toHaveText('$4.00');
    await page.getByRole('textbox', { name: 'Counted cash (USD)' }).fill('112.00');
    await page.getByRole('textbox', { name: 'Card terminal total (USD)' }).fill('3.00');
    await expect(page.getByText('Difference: $1.00 short')).toBeVisible();
    const reason = page.getByRole('textbox', { name: 'Reason for the difference (required)' });
    await expect(reason).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the day' })).toBeDisabled();
    await reason.fill('A card payment was voided on the terminal only');
    await page.screenshot({ path: info.outputPath(`close-count-${viewport.width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Close the day' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close .*\?$/ });
    await expect(confirm).toContainText('Card$4.00Difference$1.00 short');
    await confirm.getByRole('button', { name: 'Close the day' }).click();
    await expect(page.getByText('Day closed')).toBeVisible();

    const today = (await rpc(app, 'reports.day', {})).fromDate;
    const [close] = (await rpc(app, 'close.preview', { date: today })).closes;
    expect(close).toMatchObject({
      float: [{ minor: 10_000, currency: 'USD' }],
      cashDifference: [{ minor: 0, currency: 'USD' }],
      tenders: [{ method: 'card', currency: 'USD', expected: 400, counted: 300, difference: -100 }],
      note: 'A card payment was voided on the terminal only',
    });
    await page.screenshot({ path: info.outputPath(`closed-${viewport.width}.png`), fullPage: true });
    // The Z report prints the float and the card terminal's count beside the cash.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('z-drawer-USD-float')).toHaveText('Opening float$100.00');
    await expect(page.getByTestId('z-tender-card-USD')).toContainText('$3.00');
    await expect(page.getByTestId('z-tender-card-USD')).toContainText('$1.00 short');
    await page.emulateMedia({ media: 'screen' });
  });
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`reports give the margin %, compare with the previous period and a week earlier, and chart the revenue (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    await seedDay(app);
    const report = await rpc(app, 'reports.day', {});
    const revenue = report.totals.revenue[0]!.minor;
    const margin = report.totals.margin[0]!.minor;
    await openAs(page, app, 'reports');
    const ratio = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(margin / revenue);
    await expect(page.getByTestId('total-margin-ratio')).toContainText(ratio);
    const compare = page.getByRole('region', { name: 'Compared' });
    await expect(compare.getByRole('columnheader', { name: /^Previous: / })).toBeVisible();
    await expect(compare.getByRole('columnheader', { name: /^A week earlier: / })).toBeVisible();
    await expect(compare.getByRole('row', { name: /^Margin %/ })).toContainText(ratio);
    // Nothing was sold yesterday or a week ago: their figures are zero, and no change is made up from nothing.
    await expect(compare.getByRole('row', { name: /^Revenue/ })).not.toContainText('+');
    // Each row has its margin % too: Chris Clerk's $2.55 of $12.00.
    await expect(page.getByRole('region', { name: 'By clerk' }).getByRole('row', { name: /Chris Clerk/ })).toContainText('21.3%');
    await page.screenshot({ path: info.outputPath(`reports-today-${viewport.width}.png`), fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`esim-counter-report-${report.fromDate}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('By clerk,Chris Clerk,3,12.00,2.55,21.3,USD');

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('figure', { name: 'Revenue per day' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Revenue per day' })).toContainText('on ');
    // Nothing leaves the window sideways: the dated comparison heads wrap at 1024 px.
    await expect(page.getByRole('region', { name: 'Compared' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The width is used: on a wide screen the days' three charts share a row and the packages stand
    // beside the short tables, each table only as tall as its rows; at 1024 px, one under another.
    // Measured once the charts have been drawn and the tables laid out.
    await expect(async () => {
      const box = async (name: string, role: 'figure' | 'region') => (await page.getByRole(role, { name }).boundingBox())!;
      const perDay = await box('Sales per day', 'figure');
      const perRevenue = await box('Revenue per day', 'figure');
      const perMargin = await box('Margin per day', 'figure');
      const clerks = await box('By clerk', 'region');
      const payments = await box('By payment method', 'region');
      const countries = await box('By country (sales)', 'region');
      const packages = await box('By package', 'region');
      // Tables flow down columns, each as tall as its rows: payments right under the clerks.
      expect(payments.y).toBeGreaterThan(clerks.y + clerks.height - 1);
      expect(payments.y).toBeLessThan(clerks.y + clerks.height + 40);
      const columns = new Set([clerks, payments, countries, packages].map((b) => Math.round(b.x))).size;
      if (viewport.width >= 1920) {
        expect(perRevenue.y).toBeCloseTo(perDay.y, 0);
        expect(perMargin.x).toBeGreaterThan(perRevenue.x + perRevenue.width);
        expect(columns).toBe(2);
        expect(packages.x).toBeGreaterThan(clerks.x + clerks.width);
      } else {
        expect(perRevenue.y).toBeGreaterThan(perDay.y + perDay.height - 1);
        expect(columns).toBe(1);
        // The longest list, the packages, comes last.
        expect(packages.y).toBeGreaterThan(countries.y + countries.height - 1);
      }
    }).toPass();
    await page.screenshot({ path: info.outputPath(`reports-week-${viewport.width}.png`), fullPage: true });
  });
}

test('a day with no opening float says so at the close, and today’s float can still be entered there', async ({
  page,
  app,
}, info) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const day = await seedDay(app);
  await openAs(page, app, 'close');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
  const cash = formatMoney({ minor: day.cashMinor, currency: day.currency }, 'en');
  await expect(page.getByTestId(`expected-cash-USD`)).toHaveText(cash);
  await expect(page.getByTestId('no-float')).toHaveText(
    'This day has no opening float: the drawer is expected to hold only the cash taken.',
  );
  const float = page.getByRole('region', { name: 'Opening float' });
  await expect(float).toContainText('Enter the float the drawer started with today, and it is counted in.');
  await page.screenshot({ path: info.outputPath('close-no-float.png'), fullPage: true });
  await float.getByRole('textbox', { name: 'Cash in the drawer to start (USD)' }).fill('50.00');
  await float.getByRole('button', { name: 'Start the day' }).click();
  await expect(float).toBeHidden();
  await expect(page.getByTestId('no-float')).toBeHidden();
  await expect(page.getByTestId('expected-cash-USD')).toHaveText(
    formatMoney({ minor: day.cashMinor + 5_000, currency: day.currency }, 'en'),
  );
  await expect(page.getByTestId('float-USD')).toHaveText('(opening float $50.00 included)');
  expect((await rpc(app, 'till.today', {})).session).toMatchObject({
    float: { minor: 5_000, currency: 'USD' },
    source: 'entered',
  });
});

test('after the opening float’s Enter the focus goes on to the country search, not to the page', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'sell');
  const float = page.getByRole('region', { name: 'Opening float' });
  const amount = float.getByRole('textbox', { name: 'Cash in the drawer to start (USD)' });
  await amount.fill('100.00');
  await amount.press('Enter');
  await expect(float).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
});

test('a float typed after another counter started the day is not taken in silence: the float that stands is said', async ({
  page,
  app,
}, info) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'sell');
  const float = page.getByRole('region', { name: 'Opening float' });
  await float.getByRole('textbox', { name: 'Cash in the drawer to start (USD)' }).fill('50.00');
  // Meanwhile another counter starts the day with $80.00.
  await rpc(app, 'till.open', { float: { minor: 8_000, currency: 'USD' } });
  await float.getByRole('button', { name: 'Start the day' }).click();
  await expect(float.getByTestId('float-stood')).toHaveText(
    /^The day was already started by Maria Manager at \d{1,2}:\d{2}( [AP]M)? with \$80\.00: that float stands, not the one typed here\.$/,
  );
  await page.screenshot({ path: info.outputPath('float-stood.png') });
  const understood = float.getByRole('button', { name: 'Understood' });
  await expect(understood).toBeFocused();
  await expect(understood).toHaveAccessibleDescription(/^The day was already started by Maria Manager/);
  await expectNoViolations(page, 'the float that stands');
  await page.keyboard.press('Enter');
  await expect(float).toBeHidden();
  expect((await rpc(app, 'till.today', {})).session).toMatchObject({
    float: { minor: 8_000, currency: 'USD' },
    source: 'entered',
  });
});

test('a period with nothing in it: its money reads $0.00, and nothing is offered to download or print', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'reports');
  await expect(page.getByTestId('total-sales')).toContainText('0');
  await expect(page.getByTestId('total-revenue')).toHaveText(/\$0\.00/);
  await expect(page.getByTestId('total-margin')).toHaveText(/\$0\.00/);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print on A4' })).toHaveCount(0);
  // A day with a sale offers them again.
  await seedDay(app);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print on A4' })).toBeVisible();
});
