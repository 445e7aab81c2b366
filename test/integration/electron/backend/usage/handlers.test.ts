// The low-data e-mail subscription read back from the sandbox: what the service holds, beside
// what the counter saved, whoever changed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { LowDataStatus } from '../../../../../shared/product-sheet.ts';
import { setSetting, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

const partnerPost = async (path: string, body: unknown) => {
  const answer = await fetch(`${ts.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await ts.token()}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
};

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

describe('notifications.lowDataStatus', () => {
  it('says nothing is subscribed when the service holds nothing', async () => {
    await signIn('manager');
    expect(await call<LowDataStatus>('notifications.lowDataStatus')).toMatchObject({
      serviceEmail: null,
      savedEmail: null,
      matches: true,
    });
  });

  it('reads back what the counter subscribed', async () => {
    await signIn('manager');
    await call('notifications.lowData', { email: 'backoffice@shop.test' });
    expect(await call<LowDataStatus>('notifications.lowDataStatus')).toMatchObject({
      serviceEmail: 'backoffice@shop.test',
      savedEmail: 'backoffice@shop.test',
      matches: true,
    });
  });

  it('shows a change made elsewhere, and an opt-out made elsewhere, as the service holds it', async () => {
    await signIn('manager');
    await partnerPost('/v2/notifications/opt-in', { type: 'email_low_data', email: 'someone@else.test', language: 'en' });
    expect(await call<LowDataStatus>('notifications.lowDataStatus')).toMatchObject({
      serviceEmail: 'someone@else.test',
      savedEmail: 'backoffice@shop.test',
      matches: false,
    });
    await partnerPost('/v2/notifications/opt-out', { type: 'email_low_data' });
    expect(await call<LowDataStatus>('notifications.lowDataStatus')).toMatchObject({ serviceEmail: null, matches: false });
  });

  it('a reading the service answers after a subscribe was saved compares with that save', async () => {
    await signIn('manager');
    await partnerPost('/v2/notifications/opt-in', { type: 'email_low_data', email: 'desk@shop.test', language: 'en' });
    await ts.control.fault({ match: { method: 'GET', path: '^/v2/notifications/opt-in$' }, kind: 'hold' });
    try {
      const reading = call<LowDataStatus>('notifications.lowDataStatus');
      while ((await ts.control.held()).held === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // While the service is asked, the counter's subscribe saves the address the service already holds.
      setSetting(backend.db, SETTINGS.lowDataEmail, 'desk@shop.test');
      await ts.control.release();
      expect(await reading).toMatchObject({ serviceEmail: 'desk@shop.test', savedEmail: 'desk@shop.test', matches: true });
    } finally {
      await ts.control.clearFaults();
    }
  });

  it('is the manager’s, and says so when the service cannot be reached', async () => {
    await signIn('clerk');
    await expect(call('notifications.lowDataStatus')).rejects.toMatchObject({ error: { code: 'forbidden' } });
    await signIn('manager');
    await ts.control.fault({ match: { method: 'GET', path: '/v2/notifications/opt-in' }, kind: 'reset-before' });
    await expect(call('notifications.lowDataStatus')).rejects.toMatchObject({ error: { code: 'service_unreachable' } });
  });
});
