import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationResponse, SimulatorResponse } from '../../../../electron/backend/partner/schemas/account.ts';
import { ValidationErrorBody } from '../../../../electron/backend/partner/schemas/common.ts';
import { CreditLimitWebhook, LowDataWebhook } from '../../../../electron/backend/partner/schemas/webhooks.ts';
import { order, packagesOf, parseWith, startApi, startReceiver, type Api } from './helpers.ts';

let api: Api;
let hook: Awaited<ReturnType<typeof startReceiver>>;
let status = 200;
beforeEach(async () => {
  status = 200;
  api = await startApi();
  hook = await startReceiver(() => status);
});
afterEach(async () => {
  await api.close();
  await hook.close();
});

const DAY = 86_400_000;
const sign = (body: string) => createHmac('sha512', 'demo-counter-secret').update(body).digest('hex');

async function optIn(type: string, extra: Record<string, unknown>, version = 2) {
  return api.json('POST', `/v${version}/notifications/opt-in`, { encoding: 'json', body: { type, ...extra } });
}

describe('notification opt-in, details, opt-out', () => {
  it('checks the webhook with HEAD, stores the subscription and returns it in details', async () => {
    const res = await optIn('webhook_low_data', { webhook_url: hook.url });
    expect(res.status).toBe(200);
    expect(parseWith(NotificationResponse, res.body).data.notification).toEqual({
      type: 'webhook_low_data',
      contact_point: hook.url,
    });
    expect(hook.received.map((r) => r.method)).toEqual(['HEAD']);
    const details = await api.json('GET', '/v2/notifications/opt-in');
    expect(details.body.data.notification.contact_point).toBe(hook.url);
    const out = await api.req('POST', '/v2/notifications/opt-out', { encoding: 'json', body: { type: 'webhook_low_data' } });
    expect(out.status).toBe(204);
    expect(await out.text()).toBe('');
    expect((await api.json('GET', '/v2/notifications/opt-in')).status).toBe(404);
  });

  it('answers the legacy v1 opt-in as text/plain', async () => {
    const res = await api.req('POST', '/v1/notifications/opt-in', {
      encoding: 'json',
      body: { type: 'webhook_low_data', webhook_url: hook.url },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    parseWith(NotificationResponse, JSON.parse(await res.text()));
  });

  it('refuses a webhook that does not answer HEAD with 200, a bad type and a bad e-mail', async () => {
    const dead = await optIn('webhook_low_data', { webhook_url: 'http://127.0.0.1:9/nothing' });
    expect(dead.status).toBe(422);
    expect(parseWith(ValidationErrorBody, dead.body).data.webhook_url).toMatch(/HEAD/);
    expect((await optIn('sms', {})).body.data.type).toBe('The selected type is invalid.');
    expect((await optIn('email_low_data', { email: 'nope' })).body.data.email).toMatch(/valid email/);
    const email = await optIn('email_low_data', { email: 'backoffice@shop.test', language: 'en' });
    expect(email.body.data.notification).toEqual({
      type: 'email_low_data',
      contact_point: 'backoffice@shop.test',
      language: 'en',
    });
  });
});

describe('low-data events', () => {
  it('posts 75%, 90%, 3days and 1days once each, signed with HMAC-SHA512 of the exact bytes', async () => {
    await optIn('webhook_low_data', { webhook_url: hook.url });
    await optIn('email_low_data', { email: 'ops@shop.test' });
    const { sims } = await packagesOf(api, 'DE');
    const pkg = sims.find((p) => !p.is_unlimited && p.day >= 7)!;
    const iccid = (await order(api, pkg.id)).sims[0]!.iccid;
    await api.control.useData(iccid, Math.ceil(pkg.amount * 0.8));
    await api.control.useData(iccid, Math.ceil(pkg.amount * 0.1));
    await api.control.useData(iccid, 1);
    await api.control.advanceClock((pkg.day - 3) * DAY + 1000);
    await api.control.advanceClock(2 * DAY);
    await api.control.advanceClock(60_000);
    const posts = await hook.waitForPosts(4);
    const bodies = posts.map((p) => parseWith(LowDataWebhook, JSON.parse(p.body)));
    expect(bodies.map((b) => b.level)).toEqual(['75%', '90%', '3days', '1days']);
    expect(bodies.every((b) => b.iccid === iccid && b.package_name === pkg.id)).toBe(true);
    expect(bodies[0]!.remaining_percentage).toBe(20);
    for (const p of posts) {
      expect(p.headers['content-type']).toBe('application/json');
      expect(p.headers['airalo-signature']).toBe(sign(p.body));
      expect(p.body).not.toMatch(/: |, /);
    }
    expect((await api.control.emails()).filter((e) => e.kind === 'low_data')).toHaveLength(4);
  });

  it('retries a failed delivery every 15 minutes on the sandbox clock', async () => {
    await optIn('webhook_low_data', { webhook_url: hook.url });
    status = 500;
    const { sims } = await packagesOf(api, 'FR');
    const pkg = sims.find((p) => !p.is_unlimited)!;
    const iccid = (await order(api, pkg.id)).sims[0]!.iccid;
    await api.control.useData(iccid, Math.ceil(pkg.amount * 0.76));
    await hook.waitForPosts(1);
    await api.control.advanceClock(5 * 60_000);
    expect(hook.posts()).toHaveLength(1);
    status = 200;
    await api.control.advanceClock(10 * 60_000);
    await hook.waitForPosts(2);
    const [delivery] = await api.control.webhooks();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(hook.posts()[0]!.body).toBe(hook.posts()[1]!.body);
  });

  it('gives up after the configured number of retries', async () => {
    const few = await startApi({ webhookRetries: 2 });
    try {
      status = 503;
      await few.json('POST', '/v2/notifications/opt-in', {
        encoding: 'json',
        body: { type: 'webhook_low_data', webhook_url: hook.url },
      });
      const { sims } = await packagesOf(few, 'FR');
      const pkg = sims.find((p) => !p.is_unlimited)!;
      const iccid = (await order(few, pkg.id)).sims[0]!.iccid;
      await few.control.useData(iccid, pkg.amount);
      for (let i = 0; i < 4; i++) await few.control.advanceClock(15 * 60_000);
      const deliveries = await few.control.webhooks();
      expect(deliveries.every((d) => d.status === 'failed' && d.attempts === 3)).toBe(true);
    } finally {
      await few.close();
    }
  });
});

describe('credit limit notifications', () => {
  it('posts when spending crosses an opted-in level', async () => {
    await optIn('webhook_credit_limit', { webhook_url: hook.url, levels: [50] });
    const { sims } = await packagesOf(api, 'IT');
    await api.control.setBalance(sims[0].net_price * 3);
    await order(api, sims[0].id, 2);
    const [post] = await hook.waitForPosts(1);
    const body = parseWith(CreditLimitWebhook, JSON.parse(post!.body));
    expect(body.message).toBe('Surpassed 50% of the credit limit balance');
    expect(body.remaining).toBeCloseTo(sims[0].net_price, 2);
  });
});

describe('POST /v2/simulator/webhook', () => {
  it('sends each event to the opted-in or given webhook', async () => {
    const none = await api.json('POST', '/v2/simulator/webhook', {
      encoding: 'json',
      body: { event: 'low_data_notification', type: 'data_75' },
    });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: 'User is not opted in' });
    await optIn('webhook_low_data', { webhook_url: hook.url });
    const sent = await api.json('POST', '/v2/simulator/webhook', {
      encoding: 'json',
      body: { event: 'low_data_notification', type: 'expire_1', iccid: '8944000000000000001' },
    });
    expect(parseWith(SimulatorResponse, sent.body)).toEqual({ success: 'Notification sent' });
    const credit = await api.json('POST', '/v2/simulator/webhook', {
      encoding: 'json',
      body: { event: 'credit_limit_notification', level: 80, webhook_url: hook.url },
    });
    expect(credit.status).toBe(200);
    const asyncEvent = await api.json('POST', '/v2/simulator/webhook', {
      encoding: 'json',
      body: { event: 'async_order_notification', webhook_url: hook.url },
    });
    expect(asyncEvent.status).toBe(200);
    const posts = hook.posts();
    expect(JSON.parse(posts[0]!.body)).toMatchObject({ level: '1days', iccid: '8944000000000000001' });
    expect(JSON.parse(posts[1]!.body).message).toBe('Surpassed 80% of the credit limit balance');
    expect(JSON.parse(posts[2]!.body).data.request_id).toHaveLength(25);
    for (const p of posts) expect(p.headers['airalo-signature']).toBe(sign(p.body));
    const bad = await api.json('POST', '/v2/simulator/webhook', { encoding: 'json', body: { event: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.event).toBe(
      'Event must be one of: low_data_notification, credit_limit_notification, async_order_notification',
    );
    status = 500;
    const failed = await api.json('POST', '/v2/simulator/webhook', {
      encoding: 'json',
      body: { event: 'low_data_notification', type: 'data_90' },
    });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe(`Could not push data to ${hook.url}`);
  });
});
