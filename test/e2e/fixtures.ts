import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openedDataDir, startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { expectNoSecretsInLog } from './log-secrets.ts';

/** The idle lock's tests: the one-minute lock they set lasts 30 s (`--idle-lock-minute-ms`). */
export const HALF_MINUTE_LOCK = ['--idle-lock-minute-ms', '30000'] as const;

/**
 * Each test gets its own backend and data folder: the counter's session is shared by every tab of
 * one backend. The folder is a copy of one this worker opened once (the counter restarted the next
 * morning); a test of a first start starts its own.
 */
export const test = base.extend<{ app: RunningApp; appArgs: readonly string[] }, { openedFolder: string }>({
  /** More of `npm run serve`'s options for a file or group of tests (`test.use({ appArgs: [...] })`). */
  appArgs: [[], { option: true }],
  openedFolder: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const folder = await openedDataDir();
      await use(folder);
      fs.rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  app: async ({ openedFolder, appArgs }, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-e2e-'));
    fs.cpSync(openedFolder, dataDir, { recursive: true });
    const app = await startBrowserMode({ dataDir, args: appArgs });
    await use(app);
    await app.stop();
    try {
      expectNoSecretsInLog(app.dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };

export const DEMO_STAFF = {
  clerk: { name: 'Chris Clerk', pin: '1357' },
  manager: { name: 'Maria Manager', pin: '2468' },
} as const;

export async function signIn(page: Page, who: { name: string; pin: string }): Promise<void> {
  await page.getByRole('button', { name: new RegExp(who.name) }).click();
  await page.keyboard.type(who.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${who.name} ·`)).toBeVisible();
}
