/**
 * The report's charts open their sales like its tables' rows: a bar of "Sales per hour" lists that
 * hour's sales on every day of the period, a bar of "Sales per day" that day's — by the mouse on
 * the chart, and by the keyboard through the list of bars under it.
 */
import type { Locator, Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { copySalesBack, openAs, rpc, seedDay, signInAs } from './manager-setup.ts';

/** Clicks bar `index` of `count` on a chart drawn left to right (its x scale runs from −0.6 to count − 0.4). */
async function clickBar(page: Page, chart: Locator, index: number, count: number): Promise<void> {
  const over = chart.locator('.u-over');
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  const x = box.x + ((index + 0.6) / count) * box.width;
  const y = box.y + box.height - 4;
  await page.mouse.move(x, y);
  await page.mouse.click(x, y);
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`a bar of the hourly and of the daily chart opens its sales, by mouse and by keyboard (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    await seedDay(app);
    await app.stop();
    // Today's four sales again two days ago, at the same times: "-copy" after their references.
    copySalesBack(app.dataDir, 2);
    const again: RunningApp = await startBrowserMode({ dataDir: app.dataDir });
    try {
      await signInAs(again, DEMO_STAFF.manager);
      const today = await rpc(again, 'reports.day', {});
      const from = new Date(Date.parse(`${today.fromDate}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
      const week = await rpc(again, 'reports.range', { from, to: today.fromDate });
      await openAs(page, again, 'reports');
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      const perHour = page.getByRole('figure', { name: 'Sales per hour' });
      const perDay = page.getByRole('figure', { name: 'Sales per day' });
      await expect(perDay).toBeVisible();

      // The mouse: the busiest hour's bar lists its sales of both days, the latest (today's) first.
      const hour = week.perHour.find((h) => h.count > 0)!;
      expect(hour.count).toBe(today.perHour.find((h) => h.hour === hour.hour)!.count * 2);
      await clickBar(page, perHour, hour.hour, 24);
      const hourDialog = page.getByRole('dialog', { name: /^Sales and top-ups — Hour: / });
      await expect(hourDialog).toBeVisible();
      const rows = hourDialog.getByRole('row');
      await expect(rows).toHaveCount(hour.count + 1);
      await expect(rows.nth(1)).not.toContainText('-copy');
      await expect(rows.nth(hour.count)).toContainText('-copy');
      await page.screenshot({ path: info.outputPath(`chart-drill-hour-${viewport.width}.png`) });
      await hourDialog.getByRole('button', { name: 'Close' }).click();
      await expect(hourDialog).toBeHidden();

      // The day two days ago: its bar lists only its own sales, the copies.
      const back = week.perDay.findIndex((d) => d.count > 0);
      expect(week.perDay[back]!.date < today.fromDate).toBe(true);
      await clickBar(page, perDay, back, week.perDay.length);
      const dayDialog = page.getByRole('dialog', { name: /^Sales and top-ups — Day: / });
      await expect(dayDialog.getByRole('row')).toHaveCount(week.perDay[back]!.count + 1);
      for (const row of await dayDialog.getByRole('row').all()) await expect(row).toContainText(/-copy|Reference/);
      await page.keyboard.press('Escape');
      await expect(dayDialog).toBeHidden();
      // The dialog's close event, which gives the focus back to what opened it, comes a moment after the dialog is
      // hidden; the screen drops the dialog in the same handler, so once it is gone the focus has settled.
      await expect(page.locator('dialog.report-sales')).toHaveCount(0);

      // The keyboard: the list of a chart's bars, one button per bar with sales; Escape gives it the focus back.
      const list = perDay.getByText('Open a day’s sales');
      await list.focus();
      await page.keyboard.press('Enter');
      const bars = perDay.getByRole('button');
      await expect(bars).toHaveCount(2);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const todayBar = bars.nth(1);
      await expect(todayBar).toBeFocused();
      await page.keyboard.press('Enter');
      const todayDialog = page.getByRole('dialog', { name: /^Sales and top-ups — Day: / });
      await expect(todayDialog.getByRole('row')).toHaveCount(week.perDay.at(-1)!.count + 1);
      await expect(todayDialog.getByRole('row').nth(1)).not.toContainText('-copy');
      await expect(todayDialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await page.screenshot({ path: info.outputPath(`chart-drill-day-${viewport.width}.png`) });
      await expectNoViolations(page, 'Reports with a day’s sales open from the chart');
      await page.keyboard.press('Escape');
      await expect(todayDialog).toBeHidden();
      await expect(todayBar).toBeFocused();

      await perHour.getByText('Open an hour’s sales').click();
      // The hours with sales, from the earliest: the first is the one clicked above.
      const hourBar = perHour.getByRole('button').first();
      await expect(hourBar).toHaveAccessibleName(new RegExp(` ${hour.count}$`));
      await hourBar.press('Enter');
      await expect(page.getByRole('dialog', { name: /^Sales and top-ups — Hour: / }).getByRole('row')).toHaveCount(
        hour.count + 1,
      );
      await page.keyboard.press('Escape');
      await page.screenshot({ path: info.outputPath(`chart-bars-${viewport.width}.png`) });
      await expectNoViolations(page, 'Reports with the lists of the charts’ bars open');
    } finally {
      await again.stop();
    }
  });
}
