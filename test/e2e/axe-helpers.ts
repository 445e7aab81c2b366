/** axe-core in the end-to-end suite: WCAG 2.0–2.2 A and AA and axe's best practices, on the whole page. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Each violation in one line: where, the rule, the elements and what to fix. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
  );
  // Soft: one run lists every screen's violations, not only the first screen's.
  expect.soft(lines, `axe on ${where}`).toEqual([]);
}

/**
 * The two sizes every screen is checked at. 200 % zoom of a 1024×768 window lays a page out as a
 * 512×384 one does (CSS pixels are what media queries and layout see); the smaller size comes first
 * so a test goes on at the counter's usual size.
 */
export const SIZES = [
  { name: '200 % zoom', width: 512, height: 384 },
  { name: '1024×768', width: 1024, height: 768 },
] as const;

/** The page does not scroll sideways (WCAG 1.4.10 Reflow): only a region of its own may. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    // The widest elements that stick out, to say what to fix.
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(-3)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} to ${Math.round(el.getBoundingClientRect().right)}px`,
      );
  });
  expect.soft(overflow, `${where}: nothing wider than the window`).toEqual([]);
}

/** axe at both sizes, and no sideways scrolling of the page at 200 % zoom; ends at 1024×768. */
export async function expectNoViolationsAtBothSizes(page: Page, where: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectNoViolations(page, `${where} at ${size.name}`);
    if (size.width < 1024) await expectNoSidewaysScroll(page, `${where} at ${size.name}`);
  }
}
