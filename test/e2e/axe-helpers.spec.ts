/**
 * The axe check itself: it finds what it is for on a page built to break, stays quiet on one built
 * to hold, and checks a page again after it changed (axe goes into a page once and stays).
 */
import { test } from '@playwright/test';
import { axeViolations } from './axe-helpers.ts';
import { expect } from './fixtures.ts';

const SOUND = `<!doctype html><html lang="en"><head><title>Sound</title></head>
  <body><main><h1>Sell</h1><button type="button">Sell this package</button><img src="data:," alt="Japan" /></main></body></html>`;

const ids = (violations: Awaited<ReturnType<typeof axeViolations>>) => violations.map((v) => v.id).sort();

test('axe is quiet on a sound page and names each fault added to it, checked again in the same page', async ({ page }) => {
  await page.setContent(SOUND);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => ((window as unknown as { axe: { checkedBefore?: boolean } }).axe.checkedBefore = true));

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(Object.assign(document.createElement('button'), { type: 'button' }));
    main.append(Object.assign(document.createElement('img'), { src: 'data:,' }));
    const faint = Object.assign(document.createElement('p'), { textContent: 'Paid in cash' });
    faint.style.color = '#ccc';
    main.append(faint);
  });
  const found = await axeViolations(page);
  expect(ids(found)).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(found.find((v) => v.id === 'image-alt')?.nodes.map((n) => n.target.join(' '))).toEqual(['img:nth-child(5)']);
  // Put in once: the second check ran the axe the first one left in the page.
  expect(await page.evaluate(() => (window as unknown as { axe: { checkedBefore?: boolean } }).axe.checkedBefore)).toBe(true);

  await page.setContent(SOUND.replace('alt="Japan" ', ''));
  expect(ids(await axeViolations(page))).toEqual(['image-alt']);
});
