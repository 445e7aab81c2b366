import type { Locator } from '@playwright/test';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { call, openAs, rpc, signInAs } from './manager-setup.ts';
import { untilPattern } from './counter-helpers.ts';
import { expectLayoutHolds } from './layout-helpers.ts';

test('the manager adds, renames and resets the PIN of a clerk', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  const list = page.getByRole('region', { name: 'Staff list' });
  await expect(list.getByRole('row', { name: /Chris Clerk/ })).toBeVisible();

  const add = page.getByRole('region', { name: 'Add a member of staff' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Eve Evening');
  await add.getByRole('combobox', { name: 'Role' }).selectOption('clerk');
  await add.getByLabel(/First PIN/).fill('4731');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Eve Evening was added.')).toBeVisible();
  const eve = list.getByRole('row', { name: /Eve Evening/ });
  await expect(eve).toContainText('Clerk');
  await expect(eve).toContainText('Active');

  // A taken name is refused in words.
  await add.getByRole('textbox', { name: 'Name' }).fill('Eve Evening');
  await add.getByLabel(/First PIN/).fill('4731');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await eve.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'New name for Eve Evening' }).fill('Eve Early');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Renamed to Eve Early.')).toBeVisible();
  const renamed = list.getByRole('row', { name: /Eve Early/ });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Reset PIN' }).click();
  // A PIN anybody would try first, then two that differ, are refused in words before anything is sent.
  await page.getByLabel('New PIN for Eve Early').fill('1111');
  await page.getByLabel('The new PIN again for Eve Early').fill('1111');
  await page.getByRole('button', { name: 'Save PIN', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('too easy to guess');
  await page.getByLabel('New PIN for Eve Early').fill('8642');
  await page.getByLabel('The new PIN again for Eve Early').fill('8643');
  await page.getByRole('button', { name: 'Save PIN', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The two PINs are not the same.');
  await page.getByLabel('The new PIN again for Eve Early').fill('8642');
  await page.getByRole('button', { name: 'Save PIN', exact: true }).click();
  await expect(page.getByText('Eve Early’s PIN was reset.')).toBeVisible();

  // The new PIN works, the old one does not.
  const tiles = await rpc(app, 'staff.list', {});
  const id = tiles.find((t) => t.name === 'Eve Early')!.id;
  const old = await call(app, 'session.signIn', { staffId: id, pin: '4731' });
  expect(old.ok).toBe(false);
  const fresh = await call(app, 'session.signIn', { staffId: id, pin: '8642' });
  expect(fresh.ok).toBe(true);
});

test('a clerk locked by wrong PINs shows until when, and the manager unlocks at once', async ({ page, app }) => {
  const tiles = await rpc(app, 'staff.list', {});
  const chrisId = tiles.find((t) => t.name === DEMO_STAFF.clerk.name)!.id;
  for (let i = 0; i < 5; i++) await call(app, 'session.signIn', { staffId: chrisId, pin: '0000' });
  const locked = await call(app, 'session.signIn', { staffId: chrisId, pin: DEMO_STAFF.clerk.pin });
  expect(locked).toMatchObject({ ok: false, error: { code: 'locked', lockScope: 'sign_in', lockedUntil: expect.any(String) } });
  const until = !locked.ok ? new Date(locked.error.lockedUntil!) : new Date();
  const at = await untilPattern(app, until);

  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'staff');
  const chris = page.getByRole('region', { name: 'Staff list' }).getByRole('row', { name: /Chris Clerk/ });
  await expect(chris).toContainText(new RegExp(`Locked until ${at}`));
  await chris.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Chris Clerk was unlocked.')).toBeVisible();
  await expect(chris).toContainText('Active');
  await expect(chris.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
  expect((await call(app, 'session.signIn', { staffId: chrisId, pin: DEMO_STAFF.clerk.pin })).ok).toBe(true);
});

test('the manager promotes a clerk, and cannot demote the last manager', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'staff');
  const list = page.getByRole('region', { name: 'Staff list' });
  const maria = list.getByRole('row', { name: /Maria Manager/ });
  const chris = list.getByRole('row', { name: /Chris Clerk/ });
  await expect(chris).toContainText('Clerk');

  // Demotion asks first; for the only manager the refusal comes back in words and nothing changes.
  page.once('dialog', (dialog) => void dialog.accept());
  await maria.getByRole('button', { name: 'Make clerk' }).click();
  await expect(page.getByRole('alert')).toContainText('Maria Manager is the only manager who can sign in');
  await expect(maria.getByRole('cell').first()).toHaveText('Manager');

  page.once('dialog', (dialog) => void dialog.accept());
  await chris.getByRole('button', { name: 'Make manager' }).click();
  await expect(page.getByText('Chris Clerk is now a manager.')).toBeVisible();
  await expect(chris.getByRole('cell').first()).toHaveText('Manager');
  await expect(chris.getByRole('button', { name: 'Make clerk' })).toBeVisible();
  const roles = await rpc(app, 'staff.list', {});
  expect(roles.find((t) => t.name === 'Chris Clerk')?.role).toBe('manager');

  // Now Maria may step down: she lands on the counter without tripping a refused call on the way.
  page.once('dialog', (dialog) => void dialog.accept());
  await maria.getByRole('button', { name: 'Make clerk' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByText('Reports')).toHaveCount(0);
  await signInAs(app, DEMO_STAFF.clerk); // Chris, a manager now
  const refused = await rpc(app, 'audit.list', { action: 'rpc.refused' });
  expect(refused).toEqual([]);
});

test('the audit log shows entries and verifies the chain', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'staff.create', { name: 'Audit Trail', role: 'clerk', pin: '5824' });
  await openAs(page, app, 'audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(/Chain verified: \d+ entries/)).toBeVisible();
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByRole('row').nth(1)).toBeVisible();
  expect(await entries.getByRole('row').count()).toBeGreaterThan(2);

  await page.getByRole('textbox', { name: 'Action starts with' }).fill('staff.');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(entries.getByRole('row', { name: /Audit Trail|staff\./ }).first()).toBeVisible();
  const actions = await entries.locator('tbody tr .audit-code').allTextContents();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) expect(action.startsWith('staff.')).toBe(true);
  // In words: who was added, by name, with no record id or JSON in sight.
  const added = entries.getByRole('row', { name: /Staff member added/ }).filter({ hasText: 'Audit Trail' });
  await expect(added).toContainText('name: Audit Trail · role: Clerk');
});

/** The only manager's way in, as her screens say it: the words around each command, and the commands. */
const LAST_MANAGER = {
  en: { wrong: 'Wrong PIN', locked: 'Too many wrong PINs', only: 'You are the only manager', forgotten: 'With a forgotten PIN' },
  de: {
    wrong: 'Falsche PIN',
    locked: 'Zu viele falsche PINs',
    only: 'Sie sind die einzige Filialleitung',
    forgotten: 'Bei vergessener PIN',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  test(`the only manager locked out at the tiles reads the commands that let her in as lines of code (${language})`, async ({
    page,
    app,
  }, info) => {
    const words = LAST_MANAGER[language];
    // Her own language, kept with her record from an earlier day.
    await signInAs(app, DEMO_STAFF.manager);
    await rpc(app, 'session.setLanguage', { language });
    await rpc(app, 'session.signOut', {});
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('button', { name: /Maria Manager/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const pad = page.getByRole('group').filter({ has: page.getByRole('button', { name: '0', exact: true }) });
    const alert = page.getByRole('alert');
    for (let i = 0; i < 5; i++) {
      await expect(pad).toBeFocused();
      await page.keyboard.type('0000');
      await page.keyboard.press('Enter');
      await expect(alert).toContainText(i < 4 ? words.wrong : words.locked);
    }
    await expect(alert).toContainText(words.only);
    await expect(alert).toContainText(words.forgotten);
    await expect(alert).not.toContainText(/ask a manager|Filialleitung fragen/);
    // Each command a line of its own, exactly what to type, selected whole by a click.
    const commands = alert.locator('code');
    await expect(commands).toHaveText([
      'npm run admin -- unlock --staff "Maria Manager"',
      'npm run admin -- reset-pin --staff "Maria Manager" --recovery-code',
    ]);
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1366, height: 800 },
    ]) {
      await page.setViewportSize(size);
      for (const command of await commands.all()) {
        expect(await command.evaluate((el) => getComputedStyle(el).display)).toBe('block');
        // A command broken over lines breaks at a space, never inside a word.
        const lines = await command.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(lines, `${language} ${size.width}: the command on one line`).toBe(1);
      }
      await expectSelectedWhole(commands.first());
      await expectLayoutHolds(page, `the only manager locked out, ${language} at ${size.width}`);
      // The keys stay the pad's usual size beside the wider words.
      expect(Math.round((await page.locator('.pin-keys').boundingBox())!.width)).toBeLessThanOrEqual(300);
      await page.screenshot({ path: info.outputPath(`sign-in-last-manager-locked-${language}-${size.width}.png`) });
    }
  });
}

/** A double click on a command selects all of it (not a word of it), ready to copy. */
async function expectSelectedWhole(command: Locator): Promise<void> {
  await command.dblclick();
  expect(await command.evaluate(() => window.getSelection()?.toString())).toBe(await command.textContent());
}
