import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('pricing, balance floor and notifications', () => {
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
    // The clerk's screen asks before payment is taken, and learns the reason, not the balance.
    expect(await call('sales.readiness', {})).toMatchObject({ paused: 'low_balance', service: { state: 'reachable' } });
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'PT', type: 'local' }))[0]!;
    await expect(call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' })).rejects.toMatchObject({
      error: { code: 'low_balance', message: expect.stringMatching(/Sales are stopped/) },
    });
    expect(backend.db.prepare('SELECT count(*) AS n FROM sales WHERE package_id = ?').get(offer.id)).toEqual({ n: 0 });
    await signIn('manager');
    await ts.control.setBalance(1000);
    expect((await call('account.balance', { refresh: true })).belowFloor).toBe(false);
    await signIn('clerk');
    expect(await call('sales.readiness', {})).toMatchObject({ paused: null, service: { state: 'reachable' } });
    expect((await call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' })).status).toBe('completed');
  });

  it('says before payment whether the credit covers an order, with no floor set, never the balance', async () => {
    await signIn('manager');
    await call('settings.update', { balanceFloor: null });
    await signIn('clerk');
    const offer = (
      await call<Array<{ id: string; net: { minor: number } }>>('catalog.packages', { country: 'PT', type: 'local' })
    )[0]!;
    const sold = await call<{ esims: { iccid: string }[] }>('sales.create', {
      packageId: offer.id,
      quantity: 1,
      paymentMethod: 'cash',
    });
    const topup = (
      await call<{ offers: Array<{ id: string; net: { minor: number } }> }>('topups.options', { iccid: sold.esims[0]!.iccid })
    ).offers[0]!;
    // Two dollars: less than one eSIM costs the shop.
    await ts.control.setBalance(2);
    await signIn('manager');
    await call('account.balance', { refresh: true });
    await signIn('clerk');
    expect(offer.net.minor).toBeGreaterThan(200);
    expect(await call('sales.covers', { packageId: offer.id, quantity: 1 })).toEqual({ covered: false });
    expect(await call('sales.covers', { packageId: topup.id, quantity: 1, iccid: sold.esims[0]!.iccid })).toEqual({
      covered: topup.net.minor <= 200,
    });
    expect(await call('sales.readiness', {})).toMatchObject({ paused: null });
    await ts.control.setBalance(1000);
    await signIn('manager');
    await call('account.balance', { refresh: true });
    await signIn('clerk');
    expect(await call('sales.covers', { packageId: offer.id, quantity: 2 })).toEqual({ covered: true });
    // A package the catalogue does not hold: not known, so nothing is said.
    expect(await call('sales.covers', { packageId: 'no-such-package', quantity: 1 })).toEqual({ covered: null });
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
