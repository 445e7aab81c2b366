import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sandboxOf } from './sandbox-control.ts';
import { openByShortcut, scan, sellThroughApi } from './counter-helpers.ts';

/** A time on the store's clock: "14:05", or "2:05 PM" where the store's locale (this machine's by default) says so. */
const TIME = String.raw`\d{1,2}:\d\d(?:\s[AP]M)?`;

test('usage by a scanner burst: a ring of the data left, the status in words, and the cache note', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await sandbox.post(`/sims/${iccid}/use`, { mb: 300 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 3, 'eSIM usage');
  // The focus on a button, not in the field: the burst still fills the field and reads the usage.
  await page.getByRole('button', { name: /Check usage/ }).focus();
  await scan(page, iccid);

  await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue(iccid);
  const ring = page.getByRole('img', { name: /left of/ });
  await expect(ring).toBeVisible();
  await expect(page.getByText('Status Active')).toBeVisible();
  await expect(page.getByText(new RegExp(`^As of ${TIME}, next refresh in 1[45] min$`))).toBeVisible();
  await expect(page.getByRole('button', { name: /Refresh in 1[45] min/ })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('usage.png') });

  // A second read within 15 minutes is the saved one, and says so; the service is not asked again.
  await scan(page, iccid);
  await expect(page.getByText(/saved reading/)).toBeVisible();
  await expect(page.getByText(new RegExp(`^As of ${TIME}, next refresh in 1[45] min`))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('usage-cached.png') });

  // "Top up this eSIM" takes the ICCID to the Top-up screen and looks it up.
  await page.getByRole('button', { name: 'Top up this eSIM' }).click();
  await expect(page).toHaveURL(/#topup$/);
  await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeVisible();
});

test('an eSIM not installed yet: the install deadline, and when the package’s days start', async ({ page, app }) => {
  const sale = await sellThroughApi(app);
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 3, 'eSIM usage');
  await scan(page, sale.esims[0]!.iccid);

  await expect(page.getByText('Status Not active yet')).toBeVisible();
  const days = sale.packageDays;
  await expect(
    page.getByText(`Not installed yet, or not connected yet: the ${days} days start when the phone first connects`),
  ).toBeVisible();
  // The Demo service gives an unused eSIM 180 days to be installed: that date is a deadline, not the validity.
  await expect(page.getByText(/^Install by .+2027.* · 180 days left to install it$/)).toBeVisible();
  await expect(page.getByText('Valid until')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('usage-not-installed.png') });
});

test('rate limited with nothing saved: the words say when the next reading can be asked for', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await sandbox.post('/faults', { match: { method: 'GET', path: `/v2/sims/${iccid}/usage` }, kind: 'status', status: 429 });
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('link', { name: 'Usage' }).click();
  const field = page.getByRole('textbox', { name: 'ICCID' });
  await expect(field).toBeFocused();
  await field.fill(iccid);
  await field.press('Enter');

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No reading yet.');
  await expect(alert).toContainText(/wait 15 minutes/);
  await expect(alert).toContainText(
    new RegExp(`one usage reading per eSIM every 15 minutes; the next one can be asked for at ${TIME}\\.`),
  );
  await expect(page.getByRole('img', { name: /left of/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('usage-rate-limited.png') });
});

test('a number that is not an ICCID is explained before anything is asked', async ({ page, app }) => {
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await page.getByRole('link', { name: 'Usage' }).click();
  const field = page.getByRole('textbox', { name: 'ICCID' });
  await field.fill('12345678901234567890');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('An ICCID starts with 89, but this starts with 12.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});

test('in German and in Arabic: the reading in the clerk’s language, right to left in Arabic', async ({ page, app }) => {
  const sandbox = await sandboxOf(app);
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  await sandbox.post(`/sims/${iccid}/use`, { mb: 300 });
  await page.goto(app.url.replace('/#', '/?lang=de#'));
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 3, 'eSIM-Verbrauch');
  await scan(page, iccid);
  // Data amounts as German writes them ("1,5 GB"), and its plural of minutes.
  await expect(page.getByRole('img', { name: /^[\d.,]+\s(MB|GB) von [\d.,]+\s(MB|GB) übrig$/ })).toBeVisible();
  await expect(page.getByText('Status Aktiv')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Aktualisieren in 1[45] Min\.$/ })).toBeDisabled();

  await page.goto(app.url.replace('/#', '/?lang=ar#'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await openByShortcut(page, 3, 'استهلاك شريحة eSIM');
  await scan(page, iccid);
  await expect(page.getByText('الحالة نشطة')).toBeVisible();
  // 14 and 15 take Arabic's "many" form.
  await expect(page.getByRole('button', { name: /^التحديث بعد 1[45] دقيقة$/ })).toBeDisabled();
  // The ring fills counter-clockwise from the top, as the page mirrors.
  await expect(page.locator('.usage-ring .ring-fill')).toHaveAttribute('transform', /^matrix\(-1 0 0 1 180 0\)/);
  await page.screenshot({ path: test.info().outputPath('usage-ar.png') });
});
