import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AsyncOrderAccepted, Order } from '../../../../electron/backend/partner/schemas/orders.ts';
import {
  CancelFutureOrdersResponse,
  FutureOrderAccepted,
  FutureOrderListResponse,
} from '../../../../electron/backend/partner/schemas/future-orders.ts';
import { packagesOf, parseWith, startApi, startReceiver, type Api } from './helpers.ts';

let api: Api;
let hook: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  api = await startApi();
  hook = await startReceiver();
});
afterEach(async () => {
  await api.close();
  await hook.close();
});

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const minute = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

describe('POST /v2/orders-async', () => {
  it.each(['json', 'multipart'] as const)('answers 202 and delivers the order to the webhook (%s)', async (encoding) => {
    const { sims } = await packagesOf(api, 'DE');
    const res = await api.json('POST', '/v2/orders-async', {
      encoding,
      body: { package_id: sims[0].id, quantity: 2, description: 'async-1', webhook_url: hook.url },
    });
    expect(res.status).toBe(202);
    const accepted = parseWith(AsyncOrderAccepted, res.body).data;
    expect(accepted.request_id).toMatch(/^[A-Za-z0-9_-]{25}$/);
    const [post] = await hook.waitForPosts(1);
    expect(post!.headers['airalo-signature']).toBe(createHmac('sha512', 'demo-counter-secret').update(post!.body).digest('hex'));
    const payload = JSON.parse(post!.body);
    expect(payload.data.request_id).toBe(accepted.request_id);
    const o = parseWith(Order, payload.data);
    expect(o.sims).toHaveLength(2);
    expect(o.description).toBe('async-1');
    expect(await api.control.orders()).toHaveLength(1);
  });

  it('uses the async_orders opt-in, treats webhook_url null as absent, and refuses when neither exists', async () => {
    const { sims } = await packagesOf(api, 'FR');
    const none = await api.json('POST', '/v2/orders-async', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 1, webhook_url: null },
    });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ reason: 'User is not opted in and no webhook URL provided.' });
    const invalid = await api.json('POST', '/v2/orders-async', {
      encoding: 'json',
      body: { package_id: 'x', quantity: 1, webhook_url: hook.url },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.data.package_id).toBe('The selected package is invalid.');
    await api.json('POST', '/v2/notifications/opt-in', {
      encoding: 'json',
      body: { type: 'async_orders', webhook_url: hook.url },
    });
    const ok = await api.json('POST', '/v2/orders-async', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 1, webhook_url: null },
    });
    expect(ok.status).toBe(202);
    await hook.waitForPosts(1);
  });

  it('delivers a business failure to the webhook', async () => {
    await api.json('POST', '/v2/orders-async', {
      encoding: 'json',
      body: { package_id: 'test-maintenance-mode-7days-1gb', quantity: 1, webhook_url: hook.url },
    });
    const [post] = await hook.waitForPosts(1);
    expect(JSON.parse(post!.body)).toMatchObject({ code: 13, request_id: expect.any(String) });
  });

  it('lists an order it could not make as failed, under its description, with no eSIMs and nothing charged', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.setBalance(0);
    const res = await api.json('POST', '/v2/orders-async', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 3, description: 'async-short', webhook_url: hook.url },
    });
    expect(res.status).toBe(202);
    await hook.waitForPosts(1);
    const list = await api.json('GET', '/v2/orders?filter[description]=async-short&include=sims,status');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ description: 'async-short', status: { slug: 'failed' }, sims: [] });
    expect((await api.json('GET', '/v2/orders?filter[order_status]=failed')).body.data).toHaveLength(1);
    expect((await api.json('GET', '/v2/orders?filter[order_status]=completed')).body.data).toHaveLength(0);
  });
});

describe('future orders', () => {
  it('validates the due date: at least the day after tomorrow, at most a year, Y-m-d H:i', async () => {
    const { sims } = await packagesOf(api, 'IT');
    const now = Date.now();
    const submit = (due_date: string) =>
      api.json('POST', '/v2/future-orders', {
        encoding: 'json',
        body: { package_id: sims[0].id, quantity: 1, due_date, webhook_url: hook.url },
      });
    expect((await submit(minute(now + DAY))).body.data.due_date).toBe(
      'Minimum due date must be at least the day after tomorrow in UTC timezone.',
    );
    expect((await submit(minute(now + 400 * DAY))).status).toBe(422);
    expect((await submit('2030-01-01')).body.data.due_date).toBe('The due date does not match the format Y-m-d H:i.');
    expect((await submit(minute(now + 3 * DAY))).status).toBe(200);
    const q = await api.json('POST', '/v2/future-orders', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 0, due_date: minute(now + 3 * DAY), webhook_url: hook.url },
    });
    expect(q.body.data.quantity).toBe('The quantity must be at least 1.');
    const oos = await api.json('POST', '/v2/future-orders', {
      encoding: 'json',
      body: { package_id: 'test-out-of-stock-7days-1gb', quantity: 1, due_date: minute(now + 3 * DAY), webhook_url: hook.url },
    });
    expect(oos.body).toEqual({
      code: 34,
      reason: 'The requested eSIM package is invalid or it is currently out of stock. Please try again later.',
    });
  });

  it('lists by status, processes at the due time on the sandbox clock and delivers to the webhook', async () => {
    const { sims } = await packagesOf(api, 'ES');
    const due = minute(Date.now() + 3 * DAY);
    const res = await api.json('POST', '/v2/future-orders', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 1, due_date: due, webhook_url: hook.url, description: 'later' },
    });
    const accepted = parseWith(FutureOrderAccepted, res.body).data;
    expect(accepted.due_date).toBe(due);
    expect(accepted.latest_cancellation_date).toBe(minute(Date.parse(`${due.replace(' ', 'T')}:00Z`) - DAY));
    for (const [id, status] of [
      ['test-create-retry-future-order-7days-1gb', 'retry'],
      ['test-create-failed-future-order-7days-1gb', 'failed'],
      ['test-create-pending-future-order-7days-1gb', 'pending'],
    ]) {
      await api.json('POST', '/v2/future-orders', {
        encoding: 'json',
        body: { package_id: id, quantity: 1, due_date: due, webhook_url: hook.url },
      });
      void status;
    }
    const pending = parseWith(FutureOrderListResponse, (await api.json('GET', '/v2/future-orders')).body);
    expect(pending.data.map((f) => f.package_id).sort()).toEqual(
      [sims[0].id, 'test-create-pending-future-order-7days-1gb'].sort(),
    );
    expect((await api.json('GET', '/v2/future-orders?status=retry')).body.data[0].package_id).toBe(
      'test-create-retry-future-order-7days-1gb',
    );
    expect((await api.json('GET', '/v2/future-orders?status=failed')).body.data[0].package_id).toBe(
      'test-create-failed-future-order-7days-1gb',
    );
    expect((await api.json('GET', '/v2/future-orders?from_due_date=nope')).body.data.from_due_date).toBe(
      'The from due date is not a valid date.',
    );
    expect((await api.json('GET', '/v2/future-orders?to_due_date=2000-01-01 00:00')).body.data).toEqual([]);

    expect(await api.control.orders()).toHaveLength(0);
    await api.control.advanceClock(4 * DAY);
    const [post] = await hook.waitForPosts(1);
    const payload = JSON.parse(post!.body);
    expect(payload.data.request_id).toBe(accepted.request_id);
    expect(payload.data.description).toBe('later');
    expect(await api.control.orders()).toHaveLength(1);
    const after = (await api.json('GET', '/v2/future-orders')).body.data.map((f: any) => f.request_id);
    expect(after).not.toContain(accepted.request_id);
    // The test package stays pending.
    expect(after).toHaveLength(1);
  });

  it('processes at once when configured like the partner sandbox', async () => {
    const now = await startApi({ futureOrdersImmediate: true });
    try {
      const { sims } = await packagesOf(now, 'PT');
      await now.json('POST', '/v2/future-orders', {
        encoding: 'json',
        body: { package_id: sims[0].id, quantity: 1, due_date: minute(Date.now() + 3 * DAY), webhook_url: hook.url },
      });
      await hook.waitForPosts(1);
    } finally {
      await now.close();
    }
  });

  it('cancels up to 24 hours before the due date, with the documented 422s', async () => {
    const { sims } = await packagesOf(api, 'GR');
    const submit = async (days: number) =>
      (
        await api.json('POST', '/v2/future-orders', {
          encoding: 'json',
          body: { package_id: sims[0].id, quantity: 1, due_date: minute(Date.now() + days * DAY), webhook_url: hook.url },
        })
      ).body.data.request_id as string;
    const a = await submit(3);
    const b = await submit(2.5);
    const errs = await api.json('POST', '/v2/cancel-future-orders', {
      encoding: 'json',
      body: { request_ids: ['short', 'x'.repeat(25)] },
    });
    expect(errs.status).toBe(422);
    expect(errs.body.data).toEqual({
      'request_ids.0': 'Each request ID must be exactly 25 characters long.',
      'request_ids.1': `Request ID: ${'x'.repeat(25)} does not exist.`,
    });
    const ok = await api.json('POST', '/v2/cancel-future-orders', { encoding: 'json', body: { request_ids: [a] } });
    expect(parseWith(CancelFutureOrdersResponse, ok.body).meta.message).toBe('Future orders cancelled successfully');
    const again = await api.json('POST', '/v2/cancel-future-orders', { encoding: 'multipart', body: { request_ids: [a] } });
    expect(again.body.data['request_ids.0']).toBe(`Request ID: ${a} is already processed and can not be cancelled.`);
    await api.control.advanceClock(1.6 * DAY);
    const late = await api.json('POST', '/v2/cancel-future-orders', { encoding: 'json', body: { request_ids: [b] } });
    expect(late.status).toBe(422);
    expect(late.body.data['request_ids.0']).toMatch(/24 hours/);
    expect((await api.json('POST', '/v2/cancel-future-orders', { encoding: 'json', body: {} })).body.data.request_ids).toBe(
      'The request ids field is required.',
    );
  });
});
