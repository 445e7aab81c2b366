/**
 * Finds text that does not fit, as the page is laid out now (its size, its language): text that
 * sticks out of its box, text an `overflow: hidden` box cuts off, an ellipsis with no title to read
 * the whole of it, text beyond the window's sides, sibling blocks whose words lie on top of each
 * other, a select or a placeholder too narrow for its words, and a page that scrolls sideways.
 * The pseudo-locale (en-XA: ~40 % longer, accented, bracketed) at 1024×768 shows most of it.
 */
import { expect, test, type Page } from '@playwright/test';

export type LayoutProblemKind = 'overflow' | 'cut' | 'truncated-without-title' | 'offscreen' | 'overlap' | 'page-scroll';

export type LayoutProblem = {
  kind: LayoutProblemKind;
  /** A short CSS path to the box at fault (enough to find it in the screenshot and the source). */
  selector: string;
  /** The words concerned, trimmed. */
  text: string;
  detail: string;
};

export type LayoutOptions = {
  /** Subtrees left out (CSS selectors), e.g. the partner's own texts shown as data. */
  ignore?: readonly string[];
  /** Whether a placeholder cut off (without an ellipsis) in an empty field counts (default true). */
  placeholders?: boolean;
};

type PageOptions = { ignore: readonly string[]; placeholders: boolean };

/**
 * Runs in the page, so it is self-contained (Playwright sends its source): no imports, no helpers
 * from outside its body.
 */
function findInPage({ ignore, placeholders }: PageOptions): LayoutProblem[] {
  /** Sub-pixel rounding and a glyph's overhang are not problems. */
  const SLACK = 1.5;
  /** Lines whose glyph boxes are taller than their line-height touch their neighbours by a few pixels. */
  const SLACK_VERTICAL = 3;
  const problems: LayoutProblem[] = [];
  const seen = new Set<string>();
  const viewportWidth = document.documentElement.clientWidth;

  const cut = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);
  const selectorOf = (element: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = element; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) {
        parts.unshift(`${part}#${e.id}`);
        break;
      }
      const classes = [...e.classList].slice(0, 2);
      if (classes.length) part += `.${classes.join('.')}`;
      else if (e.getAttribute('role')) part += `[role=${e.getAttribute('role')}]`;
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const report = (kind: LayoutProblemKind, element: Element, text: string, detail: string) => {
    const problem = { kind, selector: selectorOf(element), text: cut(text), detail };
    const key = `${kind}|${problem.selector}|${problem.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => {
    let found = styles.get(element);
    if (!found) styles.set(element, (found = getComputedStyle(element)));
    return found;
  };
  const ignored = (element: Element) => ignore.some((selector) => element.closest(selector));
  const positioned = (element: Element) => ['absolute', 'fixed'].includes(style(element).position);
  /** Visually hidden on purpose (the screen-reader-only pattern, a clip): never a layout problem. */
  const hiddenOnPurpose = (element: Element) => {
    for (let e: Element | null = element; e; e = e.parentElement) {
      const s = style(e);
      if (s.clip !== 'auto' && s.clip !== '' && positioned(e)) return true;
      if (s.clipPath !== 'none' && s.clipPath !== '') return true;
      const box = e.getBoundingClientRect();
      if (positioned(e) && (box.width <= 1 || box.height <= 1)) return true;
    }
    return false;
  };
  const visible = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !hiddenOnPurpose(element);
  const union = (rects: readonly DOMRect[]) => {
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.min(...rects.map((r) => r.top));
    const right = Math.max(...rects.map((r) => r.right));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return { left, top, right, bottom };
  };
  /** The box that lays a text out: its nearest ancestor that is not an inline box (an SVG's text: the SVG). */
  const boxOf = (element: Element): Element => {
    if (element instanceof SVGElement) return element.ownerSVGElement ?? element;
    let e: Element = element;
    while (e.parentElement && ['inline', 'contents'].includes(style(e).display)) e = e.parentElement;
    return e;
  };
  const titled = (element: Element) => Boolean(element.closest('[title]') ?? element.querySelector('[title]'));

  /** What of a text's line boxes is left to see once every box that clips it has cut its part. */
  const clipped = (rects: readonly DOMRect[], element: Element): DOMRect[] => {
    let out = [...rects];
    for (let e: Element | null = element; e && e !== document.documentElement; e = e.parentElement) {
      const s = style(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const edge = e.getBoundingClientRect();
      out = out
        .map((r) => {
          const left = s.overflowX === 'visible' ? r.left : Math.max(r.left, edge.left);
          const right = s.overflowX === 'visible' ? r.right : Math.min(r.right, edge.right);
          const top = s.overflowY === 'visible' ? r.top : Math.max(r.top, edge.top);
          const bottom = s.overflowY === 'visible' ? r.bottom : Math.min(r.bottom, edge.bottom);
          return new DOMRect(left, top, right - left, bottom - top);
        })
        .filter((r) => r.width > 0.5 && r.height > 0.5);
      if (positioned(e)) break;
    }
    return out;
  };

  // 1. Each text: does it stay inside its box and every box around it, and on the screen?
  const texts: { element: Element; rects: DOMRect[] }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent ?? '';
    const parent = node.parentElement;
    if (!words.trim() || !parent) continue;
    if (parent.closest('script, style, noscript, template, select, textarea, title')) continue;
    if (ignored(parent) || !visible(parent)) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (rects.length === 0) continue;
    texts.push({ element: parent, rects: clipped(rects, parent) });
    const text = union(rects);
    let scrolledSideways = false;
    for (let box: Element | null = boxOf(parent); box && box !== document.documentElement; box = box.parentElement) {
      const s = style(box);
      if (s.display === 'contents' || s.display === 'inline') continue;
      const edge = box.getBoundingClientRect();
      if (edge.width === 0 && edge.height === 0) continue;
      const outX = Math.max(edge.left - text.left, text.right - edge.right);
      const outY = Math.max(edge.top - text.top, text.bottom - edge.bottom);
      const escapesX = outX > SLACK;
      const escapesY = outY > SLACK_VERTICAL;
      const scrollsX = ['auto', 'scroll'].includes(s.overflowX);
      const scrollsY = ['auto', 'scroll'].includes(s.overflowY);
      if (scrollsX) scrolledSideways = true;
      if ((escapesX && scrollsX) || (escapesY && scrollsY)) break; // reachable by scrolling that box
      if (escapesX || escapesY) {
        const clips = (escapesX && s.overflowX !== 'visible') || (escapesY && s.overflowY !== 'visible');
        const onPurpose = s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
        const by = `${Math.round(escapesX ? outX : outY)}px`;
        if (clips && onPurpose) {
          if (!titled(box))
            report('truncated-without-title', box, words, `shortened with an ellipsis but no title holds the whole text`);
        } else if (clips) report('cut', box, words, `cut off by ${by} (overflow ${escapesX ? s.overflowX : s.overflowY})`);
        else report('overflow', box, words, `sticks out of its box by ${by}`);
        break;
      }
      // An overlay's ancestors do not hold it; the window does.
      if (positioned(box)) break;
    }
    if (!scrolledSideways && (text.left < -SLACK || text.right > viewportWidth + SLACK)) {
      report('offscreen', boxOf(parent), words, `beyond the window's ${text.left < 0 ? 'left' : 'right'} side`);
    }
  }

  // 2. A select shows its chosen option in a box of its own size; an empty field its placeholder.
  const canvas = document.createElement('canvas').getContext('2d')!;
  const widthOf = (text: string, element: Element) => {
    const s = style(element);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const room = (element: HTMLElement) => {
    const s = style(element);
    return element.clientWidth - parseFloat(s.paddingInlineStart) - parseFloat(s.paddingInlineEnd);
  };
  for (const select of document.querySelectorAll('select')) {
    if (ignored(select) || !visible(select) || select.multiple || Number(select.size) > 1) continue;
    const chosen = select.selectedOptions[0]?.text ?? '';
    // Chromium's own drop-down arrow takes some 16px of the box beyond its padding.
    const arrow = style(select).appearance === 'none' ? 0 : 16;
    const over = widthOf(chosen, select) - (room(select) - arrow);
    if (chosen.trim() && over > SLACK)
      report('cut', select, chosen, `the chosen option is ${Math.round(over)}px wider than the select`);
  }
  if (placeholders) {
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (field.value || ignored(field) || !visible(field)) continue;
      // An example shortened with an ellipsis still says it goes on; the field's label says what it is for.
      if (style(field).textOverflow === 'ellipsis') continue;
      if (field instanceof HTMLTextAreaElement) continue; // a textarea wraps its placeholder
      const over = widthOf(field.placeholder, field) - room(field);
      if (over > SLACK) report('cut', field, field.placeholder, `the placeholder is ${Math.round(over)}px wider than the field`);
    }
  }

  // 3. Siblings whose words lie on top of each other (overlays, positioned on purpose, left out).
  const buckets = new Map<Element, Map<Element, DOMRect[]>>();
  for (const { element, rects } of texts) {
    for (let child: Element | null = element; child?.parentElement; child = child.parentElement) {
      if (positioned(child)) break;
      const parent = child.parentElement;
      let children = buckets.get(parent);
      if (!children) buckets.set(parent, (children = new Map()));
      children.set(child, [...(children.get(child) ?? []), ...rects]);
    }
  }
  const overlaps = (a: { left: number; top: number; right: number; bottom: number }, b: typeof a) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK_VERTICAL;
  for (const children of buckets.values()) {
    const list = [...children.entries()].map(([child, rects]) => ({ child, rects, all: union(rects) }));
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (!overlaps(a.all, b.all)) continue;
        if (!a.rects.some((ra) => b.rects.some((rb) => overlaps(ra, rb)))) continue;
        report(
          'overlap',
          a.child,
          `${a.child.textContent ?? ''} ⟷ ${b.child.textContent ?? ''}`,
          `its text overlaps ${selectorOf(b.child)}`,
        );
      }
    }
  }

  // 4. The page itself never scrolls sideways.
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > viewportWidth + SLACK) {
    report('page-scroll', document.body, '', `the page is ${pageWidth - viewportWidth}px wider than the window`);
  }
  return problems;
}

/** What does not fit on the page now; an empty list when everything does. */
export async function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<LayoutProblem[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(findInPage, { ignore: options.ignore ?? [], placeholders: options.placeholders ?? true });
}

/**
 * Fails the test with the list of what does not fit on the page (and keeps a screenshot of it),
 * naming the place (`where`) so the failure says which screen and step.
 */
export async function expectLayoutHolds(page: Page, where: string, options: LayoutOptions = {}): Promise<void> {
  const problems = await layoutProblems(page, options);
  if (problems.length > 0) {
    const name = `layout-${where.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
    await test.info().attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  }
  expect(problems, `${where}: text that overflows, is cut or overlaps`).toEqual([]);
}

/**
 * The counter's top bar stays one row: the brand, the name, the language and the buttons side by
 * side, none of them wrapped onto a second line (a wrapped button is twice as tall).
 */
export async function expectTopBarInOneRow(page: Page): Promise<void> {
  const boxes = await page.locator('header.topbar').evaluate((header) =>
    [...header.querySelectorAll('.brand, .who-name, .language-picker, button')]
      // Not what is not shown (the menu button of narrow windows).
      .filter((item) => item.getClientRects().length > 0)
      .map((item) => {
        const box = item.getBoundingClientRect();
        return { what: item.textContent ?? '', middle: box.top + box.height / 2, height: box.height };
      }),
  );
  const bar = (await page.locator('header.topbar').boundingBox())!;
  const middles = boxes.map((b) => b.middle);
  expect(Math.max(...middles) - Math.min(...middles), 'the top bar’s items on one line').toBeLessThanOrEqual(4);
  for (const box of boxes) expect(box.height, `“${box.what}” on one line`).toBeLessThanOrEqual(48);
  expect(bar.height, 'the top bar’s height').toBeLessThanOrEqual(72);
}
