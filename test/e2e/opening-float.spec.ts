import type { Page } from '@playwright/test';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectFloatBarShown } from './sell-helpers.ts';

/** Where each screen's heading was when it was first drawn, by its text: recorded in the page as it happens. */
function recordFirstPlaces(): void {
  const first: Record<string, number> = {};
  (window as unknown as { firstPlaces: Record<string, number> }).firstPlaces = first;
  new MutationObserver(() => {
    for (const heading of document.querySelectorAll('main h1')) {
      const text = heading.textContent ?? '';
      if (!(text in first) && heading.getClientRects().length > 0) first[text] = heading.getBoundingClientRect().top;
    }
  }).observe(document, { childList: true, subtree: true });
}

for (const screen of [
  { name: 'Sell', heading: 'Where is the customer going?', open: async () => undefined },
  {
    name: 'Top up',
    heading: 'Top up an eSIM',
    open: async (page: Page) => {
      await expectFloatBarShown(page);
      await page.getByRole('link', { name: 'Top up' }).click();
    },
  },
]) {
  test(`the day's first clerk: ${screen.name} is drawn with the opening float's bar above it, and does not move when it comes`, async ({
    page,
    app,
  }) => {
    await page.addInitScript(recordFirstPlaces);
    await page.goto(app.url);
    await signIn(page, DEMO_STAFF.clerk);
    await screen.open(page);
    const heading = page.getByRole('heading', { level: 1, name: screen.heading });
    await expect(heading).toBeVisible();
    await expectFloatBarShown(page);
    const first = await page.evaluate(
      (text) => (window as unknown as { firstPlaces: Record<string, number> }).firstPlaces[text],
      screen.heading,
    );
    expect(first).toBeDefined();
    expect((await heading.boundingBox())!.y).toBeCloseTo(first!, 0);
  });
}
