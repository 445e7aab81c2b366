import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, rpc, signInAs } from './manager-setup.ts';
import { NO_POSTGRES, startHeadOffice } from '../support/chain.ts';

test.skip(NO_POSTGRES !== null, `no PostgreSQL here: ${NO_POSTGRES}`);

test('a manager joins the counter to a head office in Settings and sees it in sync', async ({ page, app }) => {
  const ho = await startHeadOffice();
  try {
    const url = await ho.storeUrl('LHR-T5');
    await signInAs(app, DEMO_STAFF.manager);
    await openAs(page, app, 'settings');
    const panel = page.getByRole('region', { name: 'Head office' });
    await expect(panel.getByTestId('head-office-status')).toContainText('Not joined to a head office.');
    const form = panel.getByRole('form', { name: 'Join a head office' });
    await form.getByLabel('Head office address (from the head office)').fill(url);
    await form.getByRole('textbox', { name: 'Store id' }).fill('LHR-T5');
    await form.getByRole('textbox', { name: 'Counter id' }).fill('K1');
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(form.getByRole('status')).toContainText('Joined. This counter sends to');
    await expect(panel.getByTestId('head-office-status')).toContainText('This counter is K1 of store LHR-T5.');
    await expect(panel.getByTestId('head-office-status')).toContainText('Head office: in sync.');
    // The password went to the secret store only: the address field is empty again.
    await expect(form.getByLabel('Head office address (from the head office)')).toHaveValue('');
    const status = await rpc(app, 'chain.status', {});
    expect(status).toMatchObject({ state: 'in_sync', waiting: 0, storeId: 'LHR-T5', counterId: 'K1', environment: 'demo' });
    const staff = await ho.admin.query(`SELECT name FROM chain.staff WHERE store_id = 'LHR-T5' ORDER BY name`);
    expect(staff.rows.map((r) => r.name)).toContain(DEMO_STAFF.manager.name);
  } finally {
    await ho.stop();
  }
});
