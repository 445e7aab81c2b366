import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay, SECOND_CLERK } from './manager-setup.ts';

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`a report downloads as Excel; its rows open their sales, Escape gives the focus back to the row, and a sale opens in History (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    const seeded = await seedDay(app);
    await openAs(page, app, 'reports');

    // The report downloads as an Excel workbook beside the CSV (its contents: the unit test reads them back).
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const download = await downloading;
    const day = (await rpc(app, 'reports.day', {})).fromDate;
    expect(download.suggestedFilename()).toBe(`esim-counter-report-${day}.xlsx`);
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // The row's words are isolated in the heading (U+2068…U+2069), so the names match them as any character.
    // Dana sold one: her row opens a dialog listing just that sale.
    const byClerk = page.getByRole('region', { name: 'By clerk' });
    const dana = byClerk.getByRole('button', { name: SECOND_CLERK.name });
    await dana.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Sales and top-ups — Clerk: .${SECOND_CLERK.name}.$`) });
    await expect(dialog).toBeVisible();
    const sold = seeded.dana[0]!;
    await expect(dialog.getByRole('row')).toHaveCount(2);
    await expect(dialog.getByRole('row').nth(1)).toContainText(sold.reference);
    await expect(dialog.getByRole('row').nth(1)).toContainText('Completed');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.screenshot({ path: info.outputPath(`report-drill-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(dana).toBeFocused();

    // Cash: three of the four sales, the latest first.
    await page.getByRole('region', { name: 'By payment method' }).getByRole('button', { name: 'Cash' }).click();
    const cash = page.getByRole('dialog', { name: /^Sales and top-ups — Payment: .Cash.$/ });
    const cashSales = [...seeded.chris, ...seeded.dana].filter((s) => s.paymentMethod === 'cash');
    await expect(cash.getByRole('row')).toHaveCount(cashSales.length + 1);
    await cash.getByRole('button', { name: 'Close' }).click();
    await expect(cash).toBeHidden();

    // A sale of the package's row opens in History with its detail.
    const report = await rpc(app, 'reports.day', {});
    const pkg = report.byPackage[0]!;
    await page.getByRole('region', { name: 'By package' }).getByRole('button', { name: pkg.name }).click();
    const byPackage = page.getByRole('dialog', { name: /^Sales and top-ups — Package: / });
    await expect(byPackage.getByRole('row')).toHaveCount(pkg.count + 1);
    await byPackage.getByRole('button', { name: `Open ${sold.reference} in History` }).click();
    await expect(page.getByRole('region', { name: / days$/ })).toContainText(sold.reference);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}
