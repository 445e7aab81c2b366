import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { openByShortcut } from './counter-helpers.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { rpc, signInAs } from './manager-setup.ts';
import { clock } from '../../shared/clock.ts';

test('history: today’s sales, search by ICCID and e-mail, and showing a QR again with a manager’s PIN', async ({ page, app }) => {
  // Sold by the manager, so the clerk sees the codes masked.
  const sale = await sellThroughApi(app, DEMO_STAFF.manager, { customerEmail: 'ana@example.com' });
  await sellThroughApi(app, DEMO_STAFF.manager);
  const iccid = sale.esims[0]!.iccid;
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  await openByShortcut(page, 5, 'History');
  await expect(page.getByRole('heading', { name: /Today’s sales · 2 sales/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('history-today.png') });

  const search = page.getByRole('searchbox', { name: /Search by ICCID/ });
  await expect(search).toBeFocused();
  await search.fill('ana@example');
  await expect(page.getByRole('heading', { name: /Sales matching “ana@example” \(all days\) · 1 sale/ })).toBeVisible();
  await search.fill(iccid.slice(-8));
  await expect(page.getByRole('heading', { name: /· 1 sale$/ })).toBeVisible();
  // Enter on a single match opens it.
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `${sale.packageData} · ${sale.packageDays} days` })).toBeVisible();
  await expect(page.getByText(sale.reference).first()).toBeVisible();
  await expect(page.getByText(/The QR code is hidden/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: /Show QR again or reprint/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Manager’s approval' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: DEMO_STAFF.manager.name }).check();
  // A wrong PIN is refused in words, and nothing is shown.
  await dialog.getByLabel('Manager’s PIN').fill('1111');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText(/PIN/);
  await page.screenshot({ path: test.info().outputPath('history-approval.png') });
  await dialog.getByLabel('Manager’s PIN').fill(DEMO_STAFF.manager.pin);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('img', { name: 'Install QR code', exact: true })).toBeVisible();
  await expect(page.getByText(/recorded in the audit log/)).toBeVisible();
  await page.getByRole('button', { name: 'Show on customer display' }).click();
  await expect(page.getByText(/On the customer display now/)).toBeVisible();
  await expect(page.getByTestId('voucher')).toContainText('ICCID');
  await page.screenshot({ path: test.info().outputPath('history-revealed.png') });

  // The approval is in the audit log (read as the manager).
  const staff = (await (
    await fetch(`${app.origin}/rpc/staff.list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
  ).json()) as { value: { id: string; name: string }[] };
  const manager = staff.value.find((s) => s.name === DEMO_STAFF.manager.name)!;
  const call = async (method: string, input: unknown) =>
    (await (
      await fetch(`${app.origin}/rpc/${method}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      })
    ).json()) as { ok: boolean; value: { action: string; subject: string | null }[] };
  await call('session.signIn', { staffId: manager.id, pin: DEMO_STAFF.manager.pin });
  const audit = await call('audit.list', { action: 'sale.revealed' });
  expect(audit.ok).toBe(true);
  expect(audit.value.filter((a) => a.subject === sale.id)).toHaveLength(1);
});

test.describe('in a browser set to another time zone than the store’s', () => {
  // Kiritimati is +14, the store's Kathmandu +5:45: no minute of one clock reads the same on the other.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the counter shows the store’s today and the store’s clock', async ({ page, app }) => {
    await signInAs(app, DEMO_STAFF.manager);
    // A store on the 24-hour clock (the default is this machine's locale, which may say 12-hour).
    await rpc(app, 'settings.update', { timeZone: 'Asia/Kathmandu', locale: 'en-GB' });
    await rpc(app, 'session.signOut', {});
    const sale = await sellThroughApi(app);
    await page.goto(app.url);
    await signIn(page, DEMO_STAFF.clerk);
    await openByShortcut(page, 5, 'History');
    await expect(page.getByRole('heading', { name: /Today’s sales · 1 sale/ })).toBeVisible();
    const row = page.getByRole('button', { name: `Open sale ${sale.reference}` });
    await expect(row).toHaveText(clock(sale.createdAt, 'Asia/Kathmandu'));
    expect(clock(sale.createdAt, 'Asia/Kathmandu')).not.toBe(clock(sale.createdAt, 'Pacific/Kiritimati'));
  });
});
