import { addDays, today } from '../../shared/clock.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';

/** YYYY-MM-DD as a German till writes it. */
const german = (date: string) => date.split('-').reverse().join('.');

test('the store’s locale, chosen in Settings, orders every date the back office asks for', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const form = page.getByRole('form', { name: 'Store settings' });
  const locale = form.getByRole('combobox', { name: 'Date and time format' });
  // Each choice shows the time as it would read: a 12-hour clock in the US, 24-hour in Germany.
  await expect(locale.locator('option[value="en-US"]')).toHaveText(/2:45\s?PM$/);
  await expect(locale.locator('option[value="de-DE"]')).toHaveText(/^German \(Germany\) — 14:45$/);
  await locale.selectOption('de-DE');
  await expect(form).toContainText('dates are typed like 25.11.2026');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  const { locale: saved, timeZone } = await rpc(app, 'settings.get', {});
  expect(saved).toBe('de-DE');

  const day = today(timeZone);
  await page.evaluate(() => (window.location.hash = 'reports'));
  const from = page.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveValue(german(day));
  // An impossible date is said in words and not shown.
  await from.fill('31.02.2026');
  await expect(page.getByRole('alert')).toHaveText('February 2026 has 28 days: there is no day 31.');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  // A date after today is refused too: the report has nothing to show there.
  await from.fill(german(addDays(day, 1)));
  await expect(page.getByRole('alert')).toContainText('or an earlier day');
  await from.fill(german(addDays(day, -1)));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await from.press('ArrowDown');
  await expect(from).toHaveValue(german(addDays(day, -2)));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(german(addDays(day, -2)));
  // The day after today cannot be stepped to.
  await expect(page.getByRole('button', { name: 'Day after' }).last()).toBeDisabled();

  await page.evaluate(() => (window.location.hash = 'close'));
  const closeDay = page.getByRole('textbox', { name: 'Day' });
  await expect(closeDay).toHaveValue(german(day));
  await page.getByRole('button', { name: 'Day before' }).click();
  await expect(closeDay).toHaveValue(german(addDays(day, -1)));
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(closeDay).toHaveValue(german(day));
});
