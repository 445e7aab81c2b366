/** axe-core in the end-to-end suite: WCAG 2.0–2.2 A and AA and axe's best practices, on the whole page. */
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's run on the page as it is now. axe goes into a document once (a `page.goto` makes a new one;
 * a screen opened by its address keeps it), and runs where the page is: @axe-core/playwright put its
 * 550 kB into the page and into a blank page of its own at every check, and carried every rule's
 * passes across, 5.5 s of CPU for one check of the Sell screen where this takes 1.1 s. The app has
 * no frames, which its way of running was for.
 */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  // Colours are read as they end, not halfway through a fade (a screen coming back from a reload's
  // dimmed state reads 3:1 for a tenth of a second): the transitions and animations that end are awaited.
  // One round trip answers both: the fades awaited, and whether this document has axe already.
  const hasAxe = await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    return 'axe' in window;
  });
  if (!hasAxe) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    TAGS,
  );
}

/** Each violation in one line: where, the rule, the elements and what to fix. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
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

/** What the focused element shows: its ring (its own, or its box's) and how it stands out from what lies around it. */
function ringInPage(): { what: string; ring: string; contrast: number } | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const what = `<${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}> “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}”`;
  // A control drawn by its box (a radio in a tile, the invisible select of the language picker) has the ring there.
  let holder: HTMLElement | null = el;
  for (let up = 0; holder && up < 3 && getComputedStyle(holder).outlineStyle === 'none'; up++) holder = holder.parentElement;
  if (!holder || getComputedStyle(holder).outlineStyle === 'none') return { what, ring: 'none', contrast: 0 };
  const style = getComputedStyle(holder);
  const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  // The ring lies outside the box: what is painted just beyond it, at its side's middle.
  const box = holder.getBoundingClientRect();
  const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth) + 2;
  const x = box.left - reach >= 0 ? box.left - reach : box.right + reach;
  let back = 'rgb(255, 255, 255)';
  for (const e of document.elementsFromPoint(x, box.top + box.height / 2)) {
    if (holder.contains(e)) continue;
    const color = getComputedStyle(e).backgroundColor;
    if (color !== 'transparent' && channels(color)[3] !== 0) {
      back = color;
      break;
    }
  }
  const [a, b] = [luminance(channels(style.outlineColor)), luminance(channels(back))];
  const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return { what, ring: `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor} on ${back}`, contrast };
}

/**
 * Tabs through the page (up to `stops` times) and checks that every Tab stop shows a ring at least
 * 2px wide with 3:1 against what surrounds it (WCAG 2.2 2.4.11, 1.4.11).
 */
export async function expectFocusRings(page: Page, where: string, stops = 30): Promise<void> {
  const faults: string[] = [];
  const seen = new Set<string>();
  for (let press = 0; press < stops; press++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(ringInPage);
    if (!found || seen.has(found.what)) continue;
    seen.add(found.what);
    const width = Number.parseFloat(found.ring);
    if (found.ring === 'none' || !(width >= 2) || found.contrast < 3)
      faults.push(`${found.what}: ${found.ring} (${found.contrast.toFixed(2)}:1)`);
  }
  expect.soft(seen.size, `${where}: Tab reaches controls`).toBeGreaterThan(0);
  expect.soft(faults, `${where}: every Tab stop has a ring of 3:1`).toEqual([]);
}
