import fs from 'node:fs';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';

test('a manager backs up from Settings, sees where the file went, and checks it', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Backups' });
  const { folder } = await rpc(app, 'backup.list', {});
  await expect(panel.locator('.backups-folder')).toHaveText(folder);

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Backed up.' })).toBeVisible();
  const row = panel.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
  await expect(row).toContainText('by hand');
  const [made] = (await rpc(app, 'backup.list', {})).backups;
  expect(made).toMatchObject({ reason: 'manual' });

  await row.getByRole('button', { name: 'Check' }).click();
  await expect(row.getByRole('status')).toHaveText('Healthy: nothing is wrong with this backup.');

  // A restore is only scheduled, said so, and can be called off.
  await row.getByRole('button', { name: 'Restore at next start' }).click();
  const confirm = row.getByRole('alertdialog');
  await expect(confirm).toContainText('The current journal is kept aside, not deleted');
  await confirm.getByRole('button', { name: 'Restore at next start' }).click();
  await expect(panel).toContainText('is restored when the counter next starts');
  expect((await rpc(app, 'backup.list', {})).scheduled).toMatchObject({ name: made!.name });
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).not.toContainText('is restored when the counter next starts');
  expect((await rpc(app, 'backup.list', {})).scheduled).toBeNull();
});

test('the store’s settings export as a JSON file without secrets, and import back', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Settings file' });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export settings' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^esim-counter-settings-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const file = JSON.parse(text) as { app: string; settings: Record<string, unknown> };
  expect(file.app).toBe('esim-counter');
  expect(file.settings.storeName).toBe((await rpc(app, 'settings.get', {})).storeName);
  expect(text).not.toMatch(/secret|clientId|token|pin/i);

  // A changed store name comes back from the file, and the panel says what changed.
  await rpc(app, 'settings.update', { storeName: 'Somewhere else' });
  await panel
    .locator('input[type="file"]')
    .setInputFiles({ name: 'settings.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(panel.getByRole('status')).toContainText('Settings imported. Changed:');
  expect((await rpc(app, 'settings.get', {})).storeName).toBe(file.settings.storeName);

  await panel
    .locator('input[type="file"]')
    .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') });
  await expect(panel.getByRole('alert')).toHaveText('This file is not a settings file of eSIM Counter.');
});

test('the panel speaks the manager’s language, its words loaded with it', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  await expect(page.getByRole('region', { name: 'Backups' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  const panel = page.getByRole('region', { name: 'Sicherungen' });
  await expect(panel.getByRole('button', { name: 'Jetzt sichern' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Einstellungsdatei' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('region', { name: 'Backups' })).toBeVisible();
});
