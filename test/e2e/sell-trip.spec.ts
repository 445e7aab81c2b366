import { formatMoney } from '../../shared/money.ts';
import { pseudoString as xa } from '../../renderer/src/i18n/pseudo.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectLayoutHolds } from './layout-helpers.ts';
import { call, openAs, rpc, signInAs } from './manager-setup.ts';
import { openTripPlanner, sellFocusedPackage } from './sell-helpers.ts';

test('a clerk plans Paris, Rome and Zurich for twelve days and sells the cheapest way, the plan kept for the next', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openTripPlanner(page);

  // The same search as Sell's: other names and typos, Enter takes the first match.
  const country = page.getByRole('searchbox', { name: 'Countries, in the order of the trip' });
  for (const [typed, name] of [
    ['Frankreich', 'France'],
    ['itlay', 'Italy'],
    ['Switzerland', 'Switzerland'],
  ] as const) {
    await country.fill(typed);
    await expect(page.getByRole('list', { name: 'Countries found' }).getByRole('button').first()).toContainText(name);
    await country.press('Enter');
  }
  const stops = page.getByRole('list', { name: 'The trip’s countries' }).getByRole('listitem');
  await expect(stops).toHaveText([/1\. France/, /2\. Italy/, /3\. Switzerland/]);

  await page.getByRole('spinbutton', { name: 'Days in all' }).fill('12');
  await page.getByRole('radio', { name: /Maps and messages/ }).check();
  await page.getByRole('button', { name: 'Show the options' }).click();

  // What the screen lists is the backend's plan, cheapest first, each saying what it leaves out.
  const plan = await rpc(app, 'trip.plan', { countries: ['FR', 'IT', 'CH'], days: 12, dataMbPerDay: 250 });
  expect(plan.options.length).toBeGreaterThan(1);
  const totals = plan.options.map((o) => o.total.minor);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  const options = page.getByRole('list', { name: 'Ways to cover the trip, cheapest first' }).locator(':scope > li');
  await expect(options).toHaveCount(plan.options.length);
  for (const [i, option] of plan.options.entries()) {
    await expect(options.nth(i)).toContainText(formatMoney(option.total));
    await expect(options.nth(i)).toContainText(option.uncovered.length === 0 ? 'Covers the whole trip.' : 'Leaves uncovered:');
  }
  // The clerk points the customer to the two cheapest: the display shows them, priced by the
  // backend, in the language the customer picks there.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer display' }).click();
  const display = await popup;
  const screen = display.getByRole('main');
  await expect(screen).toHaveAttribute('data-kind', 'idle');
  await options.nth(0).getByRole('button', { name: 'Show the customer' }).click();
  await options.nth(1).getByRole('button', { name: 'Show the customer' }).click();
  await expect(options.nth(1).getByRole('button', { name: 'Show the customer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(screen).toHaveAttribute('data-kind', 'trip');
  await expect(screen.getByRole('listitem').filter({ has: display.locator('.cd-price') })).toHaveCount(2);
  await expect(screen).toContainText('France → Italy → Switzerland');
  for (const option of plan.options.slice(0, 2)) await expect(screen).toContainText(formatMoney(option.total));
  await display.getByRole('button', { name: 'Deutsch' }).click();
  await expect(screen).toContainText('So ist Ihre Reise abgedeckt');
  await expect(screen).toContainText('Frankreich → Italien → Schweiz');
  await display.close();

  // A package serving several countries says which of the trip's it serves.
  const regional = plan.options.findIndex((o) => o.packages.length === 1 && !o.packages[0]!.country);
  expect(regional).toBeGreaterThanOrEqual(0);
  await expect(options.nth(regional)).toContainText('France, Italy, and Switzerland (');

  const complete = plan.options.findIndex((o) => o.uncovered.length === 0);
  expect(complete).toBeGreaterThanOrEqual(0);
  const chosen = plan.options[complete]!.packages[0]!;

  // A package of the plan is sold as any other: details, payment, the eSIM.
  await options.nth(complete).getByRole('button', { name: 'Sell' }).first().focus();
  const sale = await sellFocusedPackage(page);
  expect(sale.packageId).toBe(chosen.id);
  expect(sale.status).toBe('completed');
  await page.getByRole('button', { name: 'New sale' }).click();
  // The trip is still there for its next eSIM.
  await expect(stops).toHaveCount(3);
  await expect(options).toHaveCount(plan.options.length);

  await page.getByRole('button', { name: 'Close the trip' }).click();
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeVisible();
});

test('trip.plan refuses a trip it cannot read, field by field, and lists what a country without packages leaves out', async ({
  app,
}) => {
  await signInAs(app, DEMO_STAFF.clerk);
  const twice = await call(app, 'trip.plan', { countries: ['FR', 'FR'], days: 3 });
  expect(twice.ok ? null : twice.error).toMatchObject({ code: 'bad_input', fields: { countries: 'invalid' } });
  const long = await call(app, 'trip.plan', { countries: ['FR'], days: 400 });
  expect(long.ok ? null : long.error).toMatchObject({ code: 'bad_input', fields: { days: 'too_big' } });

  // Antarctica has no package: every option says so, and France is still covered.
  const plan = await rpc(app, 'trip.plan', { countries: ['FR', 'AQ'], days: 6 });
  expect(plan.options.length).toBeGreaterThan(0);
  for (const option of plan.options) expect(option.uncovered).toContain('AQ');
  const covers = (id: string, code: string) => plan.packages.find((p) => p.id === id)?.countries.includes(code);
  expect(plan.options.some((o) => o.packages.some((p) => covers(p.id, 'FR')))).toBe(true);
  expect(plan.options.some((o) => o.packages.some((p) => covers(p.id, 'AQ')))).toBe(false);
});

test('the trip planner holds in the pseudo-locale at 1024×768, its options beside the trip', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url.replace('/#', '/?lang=en-XA#'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await openTripPlanner(page, xa);
  const country = page.getByRole('searchbox', { name: xa('Countries, in the order of the trip') });
  for (const typed of ['Portugal', 'Spain', 'Morocco']) {
    await country.fill(typed);
    await expect(page.getByRole('list', { name: xa('Countries found') })).toBeVisible();
    await country.press('Enter');
  }
  await page.getByRole('spinbutton', { name: xa('Days in all') }).fill('21');
  // The heaviest use: the widest words of the three.
  await page
    .getByRole('group', { name: xa('How the customer uses data') })
    .getByRole('radio')
    .nth(2)
    .check();
  await page.getByRole('button', { name: xa('Show the options') }).click();
  await expect(page.getByRole('list', { name: xa('Ways to cover the trip, cheapest first') })).toBeVisible();
  await expectLayoutHolds(page, 'sell: a trip and its options');
});

test('a manager sets the data a day of each use in Settings, and the clerk’s trip planner takes it', async ({ page, app }) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Trip planner: data a day' });
  const light = panel.getByRole('textbox', { name: 'Maps and messages (MB a day)' });
  await expect(light).toHaveValue('250');
  await light.fill('0');
  await expect(panel.getByText('Each figure is a whole number of MB a day, from 1 to 100000.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await light.fill('400');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Saved.')).toBeVisible();
  expect((await rpc(app, 'settings.get', {})).tripUses).toEqual({ light: 400, everyday: 1024, heavy: 3072 });

  // The clerk at the same counter: the backend's one session, on Sell as a fresh page opens.
  await signInAs(app, DEMO_STAFF.clerk);
  await page.goto(app.url);
  await page.reload();
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await openTripPlanner(page);
  await expect(page.getByRole('radio', { name: 'Maps and messages (400 MB a day)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Also photos and social media (1 GB a day)' })).toBeVisible();
});
