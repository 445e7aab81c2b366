/**
 * What moves under the pointer: a page's layout shifts (Chromium's Layout Instability API), and one
 * backend method's answers held back until the test lets them go, so what their arrival moves is
 * seen on a fast machine and a slow one alike, not only when the answer happens to come late.
 */
import type { Page } from '@playwright/test';

type Shift = PerformanceEntry & {
  value: number;
  sources: readonly { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};
type Shifts = { take(): string[] };

/** Records the page's layout shifts from its next document on (call before `page.goto`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const name = (node: Node | null) =>
      node instanceof Element
        ? [node.tagName.toLowerCase(), ...String(node.className).trim().split(/\s+/).filter(Boolean)].join('.')
        : String(node?.nodeName ?? 'gone');
    // A source that moved less than a pixel (a word swapped in a box that kept its place) is no movement anyone sees.
    const where = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)}`;
    const note = (entries: PerformanceEntryList) => {
      for (const shift of entries as Shift[]) {
        const moved = shift.sources
          .filter((source) => where(source.previousRect) !== where(source.currentRect))
          .map((source) => `${name(source.node)} from ${where(source.previousRect)} to ${where(source.currentRect)}`);
        if (moved.length > 0) seen.push(moved.join('; '));
      }
    };
    const observer = new PerformanceObserver((list) => note(list.getEntries()));
    observer.observe({ type: 'layout-shift' });
    const shifts: Shifts = {
      take: () => {
        note(observer.takeRecords());
        return seen.splice(0);
      },
    };
    Object.assign(window, { layoutShifts: shifts });
  });
}

/** The shifts since the last call (each: what moved, from where to where), once two more frames are drawn. */
export async function takeLayoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    return (window as unknown as { layoutShifts: Shifts }).layoutShifts.take();
  });
}

/** Holds the page's calls of `method` until the returned function is called; later calls pass at once. */
export async function holdAnswers(page: Page, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/rpc/${method}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
