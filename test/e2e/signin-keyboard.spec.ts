/**
 * Signing in by keyboard alone, as someone who moves with Tab and presses with Enter: Enter on a
 * focused key types that key (Back deletes, Clear clears) and never sends the PIN; the focus is on the
 * PIN pad after choosing a tile and after a wrong PIN, and back on the tile after Back.
 */
import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, test } from './fixtures.ts';

/** Tabs forward until `name`'s button has the focus (at most 30 stops). */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  const target = page.getByRole('button', { name, exact: typeof name === 'string' });
  for (let stop = 0; stop < 30; stop++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

test('sign-in by keyboard: Enter on a key types it, the PIN goes only on Enter elsewhere, the focus always somewhere sensible', async ({
  page,
  app,
}) => {
  const attempts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rpc/session.signIn')) attempts.push(request.postData() ?? '');
  });
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
  // Demo says its published PINs to whoever practises, on the tile and over the PIN pad.
  await expect(page.getByRole('button', { name: /Chris Clerk/ })).toContainText('Demo PIN 1357');
  await expect(page.getByRole('button', { name: /Maria Manager/ })).toContainText('Demo PIN 2468');

  // A tile chosen with Enter: the PIN pad has the focus, named by the greeting.
  await tabTo(page, /Chris Clerk/);
  await page.keyboard.press('Enter');
  const pad = page.getByRole('group', { name: 'Hello Chris Clerk, enter your PIN' });
  await expect(pad).toBeFocused();
  await expect(page.getByText('Demo PIN 1357')).toBeVisible();
  const dots = page.getByRole('status').filter({ has: page.locator('.dot') });
  await expect(dots).toHaveAccessibleName('PIN, 0 digits entered');

  // Tab to the keys and press them with Enter: each types its digit, nothing is sent.
  await tabTo(page, '1');
  await page.keyboard.press('Enter');
  await tabTo(page, '3');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(dots).toHaveAccessibleName('PIN, 3 digits entered');
  await tabTo(page, 'Delete last digit');
  await page.keyboard.press('Enter');
  await expect(dots).toHaveAccessibleName('PIN, 2 digits entered');
  await tabTo(page, 'Clear PIN');
  await page.keyboard.press('Enter');
  await expect(dots).toHaveAccessibleName('PIN, 0 digits entered');
  // Space presses a key as Enter does.
  await tabTo(page, '9');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(dots).toHaveAccessibleName('PIN, 4 digits entered');
  expect(attempts).toEqual([]);

  // Enter on Sign in sends it; refused, the focus is back on the pad, the PIN empty, the reason read out.
  await tabTo(page, 'Sign in');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(/PIN/);
  await expect(pad).toBeFocused();
  await expect(dots).toHaveAccessibleName('PIN, 0 digits entered');
  expect(attempts).toHaveLength(1);
  expect(JSON.parse(attempts[0]!)).toMatchObject({ pin: '9999' });

  // Back to the tiles: the focus on the tile just left, not on the page.
  await tabTo(page, 'Back');
  await page.keyboard.press('Enter');
  const chris = page.getByRole('button', { name: /Chris Clerk/ });
  await expect(chris).toBeFocused();
  expect(attempts).toHaveLength(1);

  // Typed digits and Enter with the focus on the pad: signed in, the focus on the country search.
  await page.keyboard.press('Enter');
  await expect(pad).toBeFocused();
  await page.keyboard.type(DEMO_STAFF.clerk.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  expect(attempts).toHaveLength(2);
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();

  // Locked: the PIN pad of whoever locked it, with the focus; "Someone else" goes back to their tile.
  await page.getByRole('button', { name: 'Lock' }).click();
  const locked = page.getByRole('group', { name: 'Locked — Chris Clerk, enter your PIN' });
  await expect(locked).toBeFocused();
  await tabTo(page, 'Someone else');
  await page.keyboard.press('Enter');
  await expect(chris).toBeFocused();
});

test('a PIN pasted into the pad is taken when it is digits, and anything else is said in words', async ({ page, app }) => {
  await page.goto(app.url);
  await page.getByRole('button', { name: /Chris Clerk/ }).click();
  const dots = page.getByRole('status').filter({ has: page.locator('.dot') });
  const paste = (text: string) =>
    page.evaluate((value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, cancelable: true }));
    }, text);

  await paste('my pin');
  await expect(page.getByRole('alert')).toHaveText('Only a PIN can be pasted here: 1 to 8 digits. Type the PIN instead.');
  await expect(dots).toHaveAccessibleName('PIN, 0 digits entered');
  await paste(DEMO_STAFF.clerk.pin);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(dots).toHaveAccessibleName('PIN, 4 digits entered');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
});
