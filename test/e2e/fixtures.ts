import { test as base, expect, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { expectNoSecretsInLog } from './log-secrets.ts';

/** Each test gets its own backend: the counter's session is shared by every tab of one backend. */
export const test = base.extend<{ app: RunningApp }>({
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use) => {
    const app = await startBrowserMode();
    await use(app);
    await app.stop();
    expectNoSecretsInLog(app.dataDir);
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
