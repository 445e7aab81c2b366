/** Printing through the page's print path in browser mode: window.print counted, the PDF Chromium makes of the page. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type Counted = { printed: number };

/** Before the page loads: window.print only counts, so a test can wait for it and then take the PDF. */
export async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as Counted).printed = 0;
    window.print = () => void ((window as unknown as Counted).printed += 1);
  });
}

/** Presses `button`, waits until the page printed, and answers the page as Chromium prints it. */
export async function printed(page: Page, button: string): Promise<Buffer> {
  const before = await page.evaluate(() => (window as unknown as Counted).printed);
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as Counted).printed)).toBeGreaterThan(before);
  return page.pdf({ preferCSSPageSize: true, printBackground: true });
}
