import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../electron/app.ts';
import { createStaffService } from '../../../../electron/services/staff.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
const ids: Record<string, string> = {};

async function call<T = any>(method: string, input: unknown = {}): Promise<T> {
  const result = await backend.dispatch(method, input);
  if (!result.ok)
    throw Object.assign(new Error(`${method}: ${result.error.code} ${result.error.message}`), { error: result.error });
  return result.value as T;
}
const signIn = (who: 'manager' | 'clerk') =>
  call('session.signIn', { staffId: ids[who], pin: who === 'manager' ? '2468' : '1357' });

beforeAll(async () => {
  ts = await startTestSandbox();
  backend = await createBackend({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'account-')),
    transport: 'browser',
    partner: {
      environment: 'partner_sandbox',
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
    },
    log: () => undefined,
  });
  const staff = createStaffService(backend.db, { scrypt: { N: 2 ** 15, r: 8, p: 1 } });
  const manager = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
  if (!manager.ok) throw new Error(manager.error.message);
  ids.manager = manager.value.id;
  const clerk = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, manager.value.id);
  if (!clerk.ok) throw new Error(clerk.error.message);
  ids.clerk = clerk.value.id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('pricing, balance floor, refunds and notifications', () => {
  it('prices packages and top-ups by the store’s markup rule, and sells at that price', async () => {
    await signIn('manager');
    const before = (
      await call<Array<{ id: string; retail: { minor: number }; net: { minor: number } }>>('catalog.packages', {
        country: 'ES',
        type: 'local',
      })
    )[0]!;
    await call('settings.update', { priceRule: { kind: 'markup', percent: 50, ending: '99' } });
    const after = (
      await call<Array<{ id: string; retail: { minor: number }; net: { minor: number } }>>('catalog.packages', {
        country: 'ES',
        type: 'local',
      })
    ).find((o) => o.id === before.id)!;
    const expected = Math.floor(Math.ceil(before.net.minor * 1.5) / 100) * 100 + 99;
    expect(after.retail.minor).toBe(expected);
    expect(after.retail.minor % 100).toBe(99);
    const sale = await call('sales.create', { packageId: before.id, quantity: 2, paymentMethod: 'cash' });
    expect(sale.unitPrice.minor).toBe(expected);
    expect(sale.total.minor).toBe(expected * 2);
    const options = await call<{ offers: Array<{ retail: { minor: number } }> }>('topups.options', {
      iccid: sale.esims[0].iccid,
    });
    expect(options.offers.every((o) => o.retail.minor % 100 === 99)).toBe(true);
    await call('settings.update', { priceRule: { kind: 'recommended' } });
    expect(
      (await call<Array<{ id: string; retail: { minor: number } }>>('catalog.packages', { country: 'ES' })).find(
        (o) => o.id === before.id,
      )!.retail,
    ).toEqual(before.retail);
  });

  it('stops sales cleanly below the balance floor, with words, and lets them go on above it', async () => {
    await signIn('manager');
    await ts.control.setBalance(40);
    await call('settings.update', { balanceFloor: { minor: 5000, currency: 'USD' } });
    const balance = await call('account.balance', { refresh: true });
    expect(balance).toMatchObject({ available: { minor: 4000, currency: 'USD' }, floor: { minor: 5000 }, belowFloor: true });
    await signIn('clerk');
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'PT', type: 'local' }))[0]!;
    await expect(call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' })).rejects.toMatchObject({
      error: { code: 'low_balance', message: expect.stringMatching(/Sales are stopped/) },
    });
    expect(backend.db.prepare('SELECT count(*) AS n FROM sales WHERE package_id = ?').get(offer.id)).toEqual({ n: 0 });
    await signIn('manager');
    await ts.control.setBalance(1000);
    expect((await call('account.balance', { refresh: true })).belowFloor).toBe(false);
    await signIn('clerk');
    expect((await call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' })).status).toBe('completed');
  });

  it('sends refund requests of up to five ICCIDs, keeps them, and records the service’s refusal in words', async () => {
    await signIn('clerk');
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'NL', type: 'local' }))[0]!;
    const sale = await call('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'card' });
    await expect(call('refunds.request', { iccids: [sale.esims[0].iccid], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });
    await signIn('manager');
    await expect(
      call('refunds.request', { iccids: ['1', '2', '3', '4', '5', '6'], reason: 'NO_COVERAGE' }),
    ).rejects.toMatchObject({ error: { code: 'bad_input' } });
    await expect(call('refunds.request', { iccids: [sale.esims[0].iccid], reason: 'OTHERS' })).rejects.toMatchObject({
      error: { code: 'bad_input' },
    });
    const refund = await call('refunds.request', {
      iccids: sale.esims.map((e: { iccid: string }) => e.iccid),
      reason: 'NO_COVERAGE',
      notes: 'No signal in Utrecht',
    });
    expect(refund).toMatchObject({ status: 'requested', reason: 'NO_COVERAGE', requestedBy: 'Maria Manager' });
    expect(refund.partnerId).toBeTruthy();
    const foreign = await call('refunds.request', { iccids: ['8944000000000000000'], reason: 'WRONG_PURCHASE' });
    expect(foreign).toMatchObject({ status: 'refused', refusal: expect.stringMatching(/do not belong/) });
    expect((await call<Array<{ id: string }>>('refunds.list')).map((r) => r.id)).toEqual([foreign.id, refund.id]);
  });

  it('subscribes the back office to low-data e-mails and unsubscribes it', async () => {
    await signIn('manager');
    expect(await call('notifications.lowData', { email: 'backoffice@harbour.example' })).toEqual({
      email: 'backoffice@harbour.example',
    });
    const token = await ts.token();
    const details = await (
      await fetch(`${ts.url}/v2/notifications/opt-in?type=email_low_data`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(details.data.notification).toMatchObject({ type: 'email_low_data', contact_point: 'backoffice@harbour.example' });
    expect(await call('notifications.lowData', { email: null })).toEqual({ email: null });
  });
});
