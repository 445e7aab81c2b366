import { untilPattern } from './counter-helpers.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';

test('a clerk signs in, picks a country and sees its packages', async ({ page, app }) => {
  await page.goto(app.url);
  // The launch secret leaves the address bar as soon as the page has it.
  await expect(page).toHaveURL(`${app.origin}/`);
  await expect(page.getByRole('status').filter({ hasText: 'DEMO' })).toBeVisible();
  await signIn(page, DEMO_STAFF.clerk);

  const search = page.getByRole('combobox', { name: 'Search countries' });
  await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option').first()).toBeVisible();
  await search.fill('jap');
  await expect(page.getByRole('option', { name: /Japan/ })).toBeVisible();
  await search.press('Enter');

  await expect(page.getByRole('heading', { name: 'Packages for Japan' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Packages' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(cards.first()).toContainText('Local');
  await expect(cards.first()).toContainText('$');
});

test('the whole list of places is there to scroll and to arrow through, drawn as it is reached', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const list = page.getByRole('listbox', { name: 'Countries' });
  const options = list.getByRole('option');
  await expect(options.first()).toHaveAccessibleName(/^Afghanistan|^Albania/);
  const total = Number(await options.first().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThan(150);
  // Drawn at first: what the list shows and more, not every place.
  expect(await options.count()).toBeLessThan(total);
  const shownAtFirst = await options.count();

  // Scrolled to its end, the list draws the rest as it comes, up to the world's last region.
  await expect
    .poll(async () => {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      return options.last().getAttribute('aria-posinset');
    })
    .toBe(String(total));
  await expect(options).toHaveCount(total);
  await options.last().scrollIntoViewIfNeeded();
  await expect(options.last()).toBeInViewport();

  // From the top again, Page Down goes past what was drawn at first and the highlight stays in view.
  await page.reload();
  await expect(options.first()).toBeVisible();
  for (let press = 0; press < Math.ceil(shownAtFirst / 10) + 1; press++) await page.keyboard.press('PageDown');
  const highlighted = list.locator('[aria-selected="true"]');
  await expect(highlighted).toHaveAttribute('aria-posinset', String((Math.ceil(shownAtFirst / 10) + 1) * 10 + 1));
  await expect(highlighted).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Packages for / })).toBeVisible();
});

test('the country picker knows the names clerks type: codes, other names, typos and regions', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const search = page.getByRole('combobox', { name: 'Search countries' });
  const options = page.getByRole('listbox', { name: 'Countries' }).getByRole('option');
  await expect(options.first()).toBeVisible();

  for (const [typed, country] of [
    ['UK', 'United Kingdom'],
    ['USA', 'United States'],
    ['England', 'United Kingdom'],
    ['Holland', 'Netherlands'],
    ['Turkey', 'Türkiye'],
    ['Deutschland', 'Germany'],
    ['Japn', 'Japan'],
    ['Grmany', 'Germany'],
    ['Spian', 'Spain'],
    ['Thialand', 'Thailand'],
  ] as const) {
    await search.fill(typed);
    await expect(options.first(), typed).toContainText(country);
  }
  await search.fill('UK');
  await expect(options.filter({ hasText: 'Ukraine' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('countries-uk.png') });

  // A region has packages of its own: Enter lists them.
  await search.fill('Europe');
  await expect(options.first()).toContainText('Europe');
  await expect(options.first()).toContainText('Region');
  await page.screenshot({ path: test.info().outputPath('countries-europe.png') });
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Europe' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Packages' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Regional: Europe');
  await page.screenshot({ path: test.info().outputPath('countries-europe-packages.png') });

  await search.fill('Global');
  await expect(options.first()).toContainText('Discover Global');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Discover Global' })).toBeVisible();
  await expect(cards.first()).toContainText('Global: Discover Global');
});

test('the picker knows islands and regions by the names travellers use, and draws flags as SVG images', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  const search = page.getByRole('combobox', { name: 'Search countries' });
  const options = page.getByRole('listbox', { name: 'Countries' }).getByRole('option');
  await expect(options.first()).toBeVisible();

  // A flag is an SVG file drawn as an image, decorative (the name is beside it), and it loads.
  const flag = options.first().locator('img.flag-image');
  await expect(flag).toHaveAttribute('alt', '');
  await expect(flag).toHaveAttribute('src', /\.svg$/);
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await search.fill('bali');
  await expect(options.first()).toContainText('Indonesia');
  await expect(options.first().locator('.country-via')).toHaveText('Bali');
  await expect(options.filter({ hasText: 'Mali' })).toBeVisible();
  await expect(options.first().locator('img.flag-image')).toHaveAttribute('src', /ID-[\w-]+\.svg$/);
  await page.screenshot({ path: test.info().outputPath('countries-bali.png') });

  await search.fill('canary');
  await expect(options.first()).toContainText('Spain');
  await search.fill('tenerife');
  await expect(options.first()).toContainText('Spain');
  await expect(options.first().locator('.country-via')).toHaveText('Tenerife');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Packages for Spain' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Packages' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Local');

  // In the other screen languages' words too, and a region gets a drawn globe, not an emoji.
  for (const [typed, country] of [
    ['España', 'Spain'],
    ['スペイン', 'Spain'],
    ['Kanarische Inseln', 'Spain'],
    ['hawaii', 'United States'],
  ] as const) {
    await search.fill(typed);
    await expect(options.first(), typed).toContainText(country);
  }
  await search.fill('Europa');
  await expect(options.first()).toContainText('Europe');
  await expect(options.first().locator('img.flag-image')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await expect(options.first().locator('img.flag-image')).toHaveAttribute('alt', '');
});

test('a wrong PIN is refused in words and the counter stays signed out', async ({ page, app }) => {
  await page.goto(app.url);
  // A clerk, who has a manager to ask (the only manager's words are manager-staff.spec's).
  await page.getByRole('button', { name: /Chris Clerk/ }).click();
  for (const digit of '0000') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong PIN. 4 tries left');
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toHaveCount(0);

  // The fifth wrong PIN, a few moments from now, locks for 15 minutes, and the screen says until when on the store's
  // clock (the next minute too, for a slow machine; the date too when that is another day).
  const until = new Date(Date.now() + 15 * 60_000);
  const at = `(${await untilPattern(app, until)}|${await untilPattern(app, new Date(until.getTime() + 60_000))})`;
  for (const left of ['3 tries', '2 tries', '1 try', null]) {
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    if (left) await expect(alert).toContainText(`Wrong PIN. ${left} left`);
    else
      await expect(alert).toHaveText(
        new RegExp(`^Too many wrong PINs\\. Try again after ${at}, or ask a manager to unlock it now\\.$`),
      );
  }
  // Even the right PIN is refused now.
  await page.keyboard.type(DEMO_STAFF.clerk.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Too many wrong PINs. Try again after');
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toHaveCount(0);
});

test('locking the counter asks the same person for the PIN again', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { name: 'Locked — Chris Clerk, enter your PIN' })).toBeVisible();
  await page.keyboard.type(DEMO_STAFF.clerk.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
});

test('a page opened without the launch key is told it is not connected', async ({ page, app }) => {
  await page.goto(app.origin);
  await expect(page.getByRole('alert')).toContainText('not connected');
});
