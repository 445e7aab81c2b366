import { DEMO_STAFF, expect, HALF_MINUTE_LOCK, signIn, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';

test('the next person to sign in lands on a screen their role may use', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'close');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();

  // Locked and unlocked by the same manager: back where she was.
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { name: `Locked — ${DEMO_STAFF.manager.name}, enter your PIN` })).toBeVisible();
  await page.keyboard.type(DEMO_STAFF.manager.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Close day' })).toBeVisible();

  // Signed out on Close day; the clerk who signs in next starts at Sell, not at a refusal.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO_STAFF.clerk);
  await expect(page.getByRole('heading', { name: 'Where is the customer going?' })).toBeVisible();
  await expect(page).toHaveURL(/#sell$/);
  await expect(page.getByText('Only a store manager can do this.')).toHaveCount(0);

  // An address a clerk may not use opens Sell too.
  await page.evaluate(() => {
    window.location.hash = 'reports';
  });
  await expect(page).toHaveURL(/#sell$/);
  await expect(page.getByRole('heading', { name: 'Where is the customer going?' })).toBeVisible();
});

test.describe('a one-minute idle lock (lasting 30 s here)', () => {
  test.use({ appArgs: HALF_MINUTE_LOCK });

  test('a warning counts down before the idle lock, and any input keeps the clerk signed in', async ({ page, app }) => {
    await signInAs(app, DEMO_STAFF.manager);
    await rpc(app, 'settings.update', { idleLockMinutes: 1 });
    await rpc(app, 'session.signOut', {});
    await page.goto(app.url);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, DEMO_STAFF.clerk);

    // The lock warns a fifth of its period ahead (being shorter than 15 s): 6 s for this one.
    const warning = page.getByRole('alert').filter({ hasText: 'Locking in' });
    await expect(warning).toBeVisible({ timeout: 60_000 });
    await expect(warning).toHaveText(/^Locking in [1-6] s — move the mouse or press a key to stay signed in$/);
    await page.mouse.move(400, 300);
    await page.mouse.move(420, 320);
    await expect(warning).toHaveCount(0);
    // The warning goes at the first input; the backend hears of it a call later.
    await expect
      .poll(async () => {
        const session = await rpc(app, 'session.current', {});
        return session.status === 'active' && session.idleLockAfterMs === 30_000 ? session.idleLockInMs : 0;
      })
      .toBeGreaterThan(22_000);

    // Left alone, the warning comes again and the counter locks.
    await expect(warning).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: test.info().outputPath('idle-warning.png') });
    await expect(page.getByText(`Locked — ${DEMO_STAFF.clerk.name}, enter your PIN`)).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
