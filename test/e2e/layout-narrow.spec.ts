/**
 * Where the window is narrowest for what it holds: the top bar at 1024×768 in each of the counter's
 * languages (the brand whole, not "eSIM Cou…"), and History and the Reports tables at 200 % zoom of
 * a 1366 px window (a 683 px-wide page), where nothing may be wider than the window and every column
 * (Margin % the last) can be reached.
 */
import { UI_LANGUAGES } from '../../shared/languages.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { signInAs } from './manager-setup.ts';

test('the top bar shows the brand whole at 1024×768 in every language', async ({ page, app }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.manager);
  await page.goto(app.url);
  const cut: string[] = [];
  for (const language of UI_LANGUAGES) {
    // As a clerk picks it in the top bar.
    await page.locator('.topbar .language-select').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const brand = page.locator('.topbar .brand');
    await expect(brand).toBeVisible();
    const widths = await brand.evaluate((el) => ({ needs: el.scrollWidth, has: el.clientWidth }));
    if (widths.needs > widths.has) cut.push(`${language}: ${widths.has} of ${widths.needs} px`);
    if (language === 'fr' || language === 'de')
      await page.locator('.topbar').screenshot({ path: info.outputPath(`topbar-${language}.png`) });
  }
  expect(cut, 'the brand cut short in the top bar').toEqual([]);
  // The pseudo-locale's longer words still fit the one row: the brand is shortened, whole in its title.
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expectLayoutHolds(page, 'the top bar in en-XA at 1024×768');
});
