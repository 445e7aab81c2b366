/**
 * The layout check itself: it finds each kind of broken layout on a page built to break, stays
 * quiet on one built to hold, and finds the counter's old narrow rail cutting "Tagesabschluss".
 */
import { test as base } from '@playwright/test';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectLayoutHolds, layoutProblems } from './layout-helpers.ts';

const BROKEN = `
  <style>
    body { margin: 0; font: 16px sans-serif; }
    .narrow { width: 80px; }
    .clip { width: 80px; overflow: hidden; white-space: nowrap; }
    .dots { width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    .row { display: flex; }
    .row > span { width: 120px; }
    .row > span + span { margin-inline-start: -60px; }
    .wide { width: 400px; margin-inline-start: 900px; }
    select { width: 90px; }
    input { width: 80px; }
  </style>
  <div class="narrow" id="spills">Tagesabschlussbericht</div>
  <div class="clip" id="clipped">Kundenanzeige öffnen</div>
  <div class="dots" id="dotted">Gezähltes Bargeld (USD)</div>
  <div class="row" id="crowded"><span>Sperren jetzt</span><span>Abmelden bitte</span></div>
  <p class="wide" id="off">Ein Satz, der über den rechten Rand des Fensters hinausläuft, bis ganz nach draußen.</p>
  <select id="picker"><option>Wie dieser Computer (English)</option></select>
  <input id="hint" placeholder="Land oder Region, z. B. Japan" />
`;

const SOUND = `
  <style>
    body { margin: 0; font: 16px sans-serif; }
    .narrow { width: 120px; overflow-wrap: anywhere; }
    .dots { width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    .scroller { width: 300px; overflow-x: auto; }
    .scroller table { width: 900px; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .row { display: flex; flex-wrap: wrap; gap: 8px; }
    input { width: 80px; text-overflow: ellipsis; }
  </style>
  <div class="narrow">Tagesabschlussbericht wraps inside its box</div>
  <div class="dots" title="Gezähltes Bargeld (USD)">Gezähltes Bargeld (USD)</div>
  <div class="scroller"><table><tr><td>A wide table scrolls inside its own box, which is fine</td></tr></table></div>
  <span class="sr-only">Only for screen readers, clipped on purpose</span>
  <div class="row"><button>Sperren</button><button>Abmelden</button><button>Kundenanzeige</button></div>
  <input placeholder="Land oder Region, z. B. Japan" />
  <select><option>Deutsch</option></select>
`;

base.describe('the layout check', () => {
  base.use({ viewport: { width: 1024, height: 768 } });

  base('finds every kind of broken layout, each on the box at fault', async ({ page }) => {
    await page.setContent(BROKEN);
    const found = await layoutProblems(page);
    const at = (kind: string, selector: string) => found.filter((p) => p.kind === kind && p.selector.includes(selector));
    expect(at('overflow', '#spills')).toHaveLength(1);
    expect(at('overflow', '#spills')[0]!.text).toBe('Tagesabschlussbericht');
    expect(at('cut', '#clipped')).toHaveLength(1);
    expect(at('truncated-without-title', '#dotted')).toHaveLength(1);
    expect(at('overlap', '#crowded')).toHaveLength(1);
    expect(at('offscreen', '#off')).toHaveLength(1);
    expect(found.filter((p) => p.kind === 'page-scroll')).toHaveLength(1);
    expect(at('cut', '#picker')[0]?.text).toBe('Wie dieser Computer (English)');
    expect(at('cut', '#hint')[0]?.text).toBe('Land oder Region, z. B. Japan');
    // The assertion fails, and says where and what.
    await expect(expectLayoutHolds(page, 'a page built to break')).rejects.toThrow(/Tagesabschlussbericht/);
  });

  base('stays quiet on text that wraps, an ellipsis with a title, a scroller and screen-reader text', async ({ page }) => {
    await page.setContent(SOUND);
    expect(await layoutProblems(page)).toEqual([]);
  });

  base('leaves out what it is told to ignore', async ({ page }) => {
    await page.setContent(BROKEN);
    const found = await layoutProblems(page, { ignore: ['#spills', '#clipped'], placeholders: false });
    expect(found.some((p) => /#spills|#clipped|#hint/.test(p.selector))).toBe(false);
    expect(found.some((p) => p.selector.includes('#dotted'))).toBe(true);
  });
});

test('on the counter: a fixed narrow rail would cut “Tagesabschluss”, the rail as it is now holds it', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(app.url.replace('/#', '/?lang=de#'));
  await signIn(page, DEMO_STAFF.manager);
  await expect(page.getByRole('link', { name: 'Tagesabschluss' })).toBeVisible();
  await expectLayoutHolds(page, 'German sell screen');

  // A rail of a fixed width, long words left whole, as it once was: 120px cuts the word in any font
  // (180px did with DejaVu Sans, not with the narrower Noto Sans). Through the CSSOM: the page's
  // Content Security Policy refuses a <style> element.
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('.shell')!.style.gridTemplateColumns = '120px 1fr';
    for (const item of document.querySelectorAll<HTMLElement>('.nav-item')) item.style.overflowWrap = 'normal';
  });
  const found = await layoutProblems(page);
  expect(found).toContainEqual(expect.objectContaining({ kind: 'overflow', text: 'Tagesabschluss' }));
});
