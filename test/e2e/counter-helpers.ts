/** Helpers of the Top-up, Usage, Device check and History specs: sales made straight through the API. */
import type { Page } from '@playwright/test';
import type { PackageOffer } from '../../shared/catalog.ts';
import { clock, dateLocale, shortDate } from '../../shared/clock.ts';
import type { AppInfo, StaffTile } from '../../shared/contract.ts';
import type { SaleView } from '../../shared/sales.ts';
import { appValue, type RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect } from './fixtures.ts';

/** One backend call as the browser makes it; the session is the backend's, shared with every tab. */
export const rpc = <T>(app: RunningApp, method: string, input: unknown): Promise<T> => appValue<T>(app, method, input);

/**
 * How the counter writes a moment a lock ends at, as a pattern: the store's clock in its zone and hour cycle, after the
 * date when the moment falls on another day of the store's calendar (a lock set before midnight ends tomorrow). The date
 * may be absent even then, as midnight may pass between this test's clock and the screen's.
 */
export async function untilPattern(app: RunningApp, until: Date): Promise<string> {
  const info = await rpc<AppInfo>(app, 'app.info', {});
  const locale = dateLocale('en', info.locale);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(${escape(shortDate(until, info.timeZone, locale))} )?${escape(clock(until, info.timeZone, locale))}`;
}

/**
 * Sells one eSIM (or `extra.quantity`) of a German local package that takes top-ups, signed in as `who`, then signs out
 * so the page starts at the staff tiles. Returns the sale.
 */
export async function sellThroughApi(
  app: RunningApp,
  who: { name: string; pin: string } = DEMO_STAFF.clerk,
  extra: { customerEmail?: string; quantity?: number } = {},
): Promise<SaleView> {
  const staff = await rpc<StaffTile[]>(app, 'staff.list', {});
  const member = staff.find((s) => s.name === who.name)!;
  await rpc(app, 'session.signIn', { staffId: member.id, pin: who.pin });
  const offers = await rpc<PackageOffer[]>(app, 'catalog.packages', { country: 'DE', type: 'local' });
  const offer = offers.find((o) => o.hasTopups)!;
  const sale = await rpc<SaleView>(app, 'sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash', ...extra });
  expect(sale.status).toBe('completed');
  await rpc(app, 'session.signOut', {});
  return sale;
}

/** What a keyboard-wedge scanner does: the digits a few ms apart, then Enter, wherever the focus is. */
export async function scan(page: Page, text: string): Promise<void> {
  // The keys carry their own time stamps (CDP's `timestamp`, which the page reads as event.timeStamp),
  // 5 ms apart as a scanner's are, so a busy test machine that delivers them late still shows a burst.
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const [index, char] of [...text, '\r'].entries()) {
    const enter = char === '\r';
    const key = {
      key: enter ? 'Enter' : char,
      code: enter ? 'Enter' : /\d/.test(char) ? `Digit${char}` : `Key${char.toUpperCase()}`,
      windowsVirtualKeyCode: enter ? 13 : char.toUpperCase().charCodeAt(0),
    };
    const at = start + index * 0.005;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: char, timestamp: at });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: at + 0.001 });
  }
  await cdp.detach();
}

/** Opens a rail entry with its Alt+digit shortcut and waits for its heading. */
export async function openByShortcut(page: Page, digit: number, heading: string): Promise<void> {
  await page.keyboard.press(`Alt+${digit}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
