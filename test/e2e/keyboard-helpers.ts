/** Helpers of the keyboard-only specs: where the focus is, and Tab until it reaches a control. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type Role = Parameters<Page['getByRole']>[0];

/** What has the focus, in words for a failure message: its tag, role and name or text. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page body (the focus was lost)';
    const role = el.getAttribute('role') ?? '';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> “${name}”`;
  });
}

/** The focused element has this role and name (document.activeElement, as a screen reader reads it). */
export async function expectFocus(page: Page, role: Role, name: string | RegExp): Promise<void> {
  await expectFocused(page, page.getByRole(role, { name, exact: typeof name === 'string' }), `${role} “${name}”`);
}

/** The focus is on this element. */
export async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  try {
    await expect(target).toBeFocused();
  } catch {
    throw new Error(`the focus should be on ${what}, but it is on ${await describeFocus(page)}`);
  }
}

/** Presses Tab (or Shift+Tab) until the element has the focus; fails if it takes more than `max` presses. */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<number> {
  await expect(target).toBeVisible();
  const max = options.max ?? 30;
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by ${max} presses of Tab; the focus is on ${await describeFocus(page)}`);
}
