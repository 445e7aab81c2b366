import type { Page } from '@playwright/test';
import { denominationsOf } from '../../shared/denominations.ts';
import { formatMoney } from '../../shared/money.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { rpc, seedDay } from './manager-setup.ts';

const USD = denominationsOf('USD')!;

/** The expected cash in the fewest notes and coins, as a count per field of the grid (notes, then coins). */
function piecesOf(minor: number): number[] {
  let left = minor;
  return USD.map(({ value }) => {
    const count = Math.floor(left / value);
    left -= count * value;
    return count;
  });
}

/** The Close screen in a language, the manager signed in through the API. */
async function openClose(page: Page, app: RunningApp, lang: string): Promise<void> {
  await page.goto(app.url.replace('/#', `/?lang=${lang}#`));
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await page.evaluate(() => (window.location.hash = 'close'));
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the cash counted by notes and coins, by keyboard, becomes the counted cash and is shown on the past close (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    const day = await seedDay(app);
    expect(day.currency).toBe('USD');
    const pieces = piecesOf(day.cashMinor);
    const expected = formatMoney({ minor: day.cashMinor, currency: 'USD' });
    await openClose(page, app, 'en');
    await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();
    await expect(page.getByTestId('expected-cash-USD')).toHaveText(expected);

    await page.getByRole('button', { name: 'Count by notes and coins' }).focus();
    await page.keyboard.press('Enter');
    const grid = page.getByTestId('denominations-USD');
    const fields = grid.getByRole('textbox');
    await expect(fields).toHaveCount(USD.length);
    await expect(page.getByRole('textbox', { name: '$100 notes' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: '$0.25 coins' })).toBeVisible();
    // Enter goes on to the next field, as Tab does: it never closes the day by accident.
    for (const count of pieces) {
      if (count > 0) await page.keyboard.type(String(count));
      await page.keyboard.press(count > 0 ? 'Enter' : 'Tab');
    }
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('denomination-total-USD')).toHaveText(`Total counted: ${expected}`);
    await expect(grid.getByText('Difference: exact')).toBeVisible();

    // Only whole numbers of pieces: anything else says so under its field, and nothing can be closed.
    const quarters = page.getByRole('textbox', { name: '$0.25 coins' });
    await quarters.fill('1.5');
    await expect(grid.getByText('Enter a whole number, 0 or more.')).toBeVisible();
    await expect(quarters).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Close the day' })).toBeDisabled();
    await expectLayoutHolds(page, `the count by notes and coins with a mistake at ${viewport.width}`);
    await expectNoViolations(page, `the count by notes and coins with a mistake at ${viewport.width}`);
    await quarters.fill('');
    await expect(page.getByRole('button', { name: 'Close the day' })).toBeEnabled();

    // Back to a total: it takes the grid's sum; and back again, nothing typed is lost.
    await page.getByRole('button', { name: 'Type the total instead' }).click();
    const total = page.getByRole('textbox', { name: 'Counted cash (USD)' });
    await expect(total).toBeFocused();
    await expect(total).toHaveValue(expected.replace('$', ''));
    await page.getByRole('button', { name: 'Count by notes and coins' }).click();
    for (const [i, count] of pieces.entries()) await expect(fields.nth(i)).toHaveValue(count > 0 ? String(count) : '');
    await page.screenshot({ path: info.outputPath(`count-en-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Close the day' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close .*\?$/ });
    await expect(confirm).toContainText(`Cash counted${expected}`);
    await confirm.getByRole('button', { name: 'Close the day' }).click();
    await expect(page.getByText('Day closed')).toBeVisible();

    const counted = USD.flatMap((d, i) => (pieces[i]! > 0 ? [{ value: d.value, count: pieces[i]! }] : []));
    const [close] = (await rpc(app, 'close.preview', { date: (await rpc(app, 'reports.day', {})).fromDate })).closes;
    expect(close).toMatchObject({
      countedCash: [{ minor: day.cashMinor, currency: 'USD' }],
      cashCounts: [{ currency: 'USD', counts: counted }],
    });
    const table = page.getByRole('table', { name: 'Counted by notes and coins (USD)' });
    await expect(table.getByRole('row')).toHaveCount(1 + counted.length);
    for (const { value, count } of counted) {
      await expect(table.getByRole('row', { name: new RegExp(`^\\$${value / 100} `) })).toContainText(
        `${count}${formatMoney({ minor: value * count, currency: 'USD' })}`,
      );
    }
    await page.screenshot({ path: info.outputPath(`closed-en-${viewport.width}.png`), fullPage: true });
  });

  test(`in German, notes and coins count the drawer and show on the close (${viewport.width}×${viewport.height})`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(viewport);
    const day = await seedDay(app);
    const pieces = piecesOf(day.cashMinor);
    await openClose(page, app, 'de');
    await page.getByRole('button', { name: 'Nach Scheinen und Münzen zählen' }).click();
    const grid = page.getByTestId('denominations-USD');
    await expect(grid.getByRole('group', { name: 'Scheine' })).toBeVisible();
    await expect(grid.getByRole('group', { name: 'Münzen' })).toBeVisible();
    for (const [i, count] of pieces.entries()) if (count > 0) await grid.getByRole('textbox').nth(i).fill(String(count));
    await expect(grid.getByText('Differenz: stimmt genau')).toBeVisible();
    await expectLayoutHolds(page, `the count by notes and coins in German at ${viewport.width}`);
    await page.screenshot({ path: info.outputPath(`count-de-${viewport.width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Tag abschließen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tag abschließen' }).click();
    await expect(page.getByRole('table', { name: 'Nach Scheinen und Münzen gezählt (USD)' })).toBeVisible();
    await expectLayoutHolds(page, `a close counted by notes and coins in German at ${viewport.width}`);
    await page.screenshot({ path: info.outputPath(`closed-de-${viewport.width}.png`), fullPage: true });
  });
}
