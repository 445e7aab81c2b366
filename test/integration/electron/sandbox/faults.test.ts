import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packagesOf, startApi, type Api } from './helpers.ts';
import { until } from '../../../support/until.ts';

let api: Api;
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => api.close());

describe('fault injection', () => {
  it('delays the next matching request', async () => {
    await api.control.fault({ match: { method: 'GET', path: '/v2/balance' }, kind: 'delay', ms: 300 });
    const start = Date.now();
    expect((await api.req('GET', '/v2/balance')).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(280);
    const again = Date.now();
    await api.req('GET', '/v2/balance');
    expect(Date.now() - again).toBeLessThan(250);
  });

  it('holds the next matching request until released, then processes it', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'hold' });
    let answered = false;
    const order = api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } }).then((r) => {
      answered = true;
      return r;
    });
    // Taken by the order (a fault leaves the list when it has hit its last request), then held:
    // other calls go through meanwhile, and nothing is ordered until the release.
    await until(async () => (await (await fetch(`${api.url}/__sandbox/faults`)).json()).faults.length === 0);
    expect((await api.req('GET', '/v2/balance')).status).toBe(200);
    expect(answered).toBe(false);
    expect(await api.control.orders()).toHaveLength(0);
    const released = await fetch(`${api.url}/__sandbox/faults/release`, { method: 'POST' });
    expect(await released.json()).toEqual({ released: 1 });
    expect((await order).status).toBe(200);
    expect(await api.control.orders()).toHaveLength(1);
  });

  it('answers a 5xx on the next N matching requests without processing them', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.fault({ match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 503, times: 2 });
    for (let i = 0; i < 2; i++) {
      expect((await api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } })).status).toBe(503);
    }
    expect(await api.control.orders()).toHaveLength(0);
    expect((await api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } })).status).toBe(200);
    expect(await api.control.orders()).toHaveLength(1);
  });

  it('resets the connection before processing: no order exists', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.fault({ match: { path: '/v2/orders' }, kind: 'reset-before' });
    await expect(api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } })).rejects.toThrow();
    expect(await api.control.orders()).toHaveLength(0);
  });

  it('resets the connection after processing: exactly one order exists and can be found by description', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.fault({ match: { path: '^/v2/orders$' }, kind: 'reset-after' });
    await expect(
      api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1, description: 'ref-42' } }),
    ).rejects.toThrow();
    expect(await api.control.orders()).toHaveLength(1);
    const found = await api.json('GET', '/v2/orders?filter[description]=ref-42');
    expect(found.body.data).toHaveLength(1);
  });

  it('sends malformed JSON after processing', async () => {
    await api.control.fault({ match: { path: '/v2/balance' }, kind: 'malformed-json' });
    const res = await api.req('GET', '/v2/balance');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('sends the body slowly', async () => {
    await api.control.fault({ match: { path: '/v2/balance' }, kind: 'slow-body', ms: 400 });
    const start = Date.now();
    const res = await api.req('GET', '/v2/balance');
    expect(res.status).toBe(200);
    const headersAt = Date.now() - start;
    const body = await res.json();
    expect(body.data.balances.name).toBe('balance');
    expect(Date.now() - start).toBeGreaterThanOrEqual(350);
    expect(headersAt).toBeLessThan(350);
  });

  it('matches by method and regex, lists and clears faults, and leaves the control API alone', async () => {
    await api.control.fault({ match: { method: 'POST', path: '/v2/balance' }, kind: 'status', status: 500 });
    expect((await api.req('GET', '/v2/balance')).status).toBe(200);
    await api.control.fault({ match: { path: '^/v2/sims/\\d+/usage$' }, kind: 'status', status: 502 });
    expect((await api.req('GET', '/v2/sims/123/usage')).status).toBe(502);
    await api.control.fault({ match: { path: '/' }, kind: 'status', status: 500, times: 5 });
    expect((await fetch(`${api.url}/__sandbox/faults`).then((r) => r.json())).faults).toHaveLength(2);
    await api.control.clearFaults();
    expect((await api.req('GET', '/v2/balance')).status).toBe(200);
  });
});

describe('a status fault with Retry-After', () => {
  it('answers 429 with the Retry-After header and does not process the order', async () => {
    const { sims } = await packagesOf(api, 'DE');
    await api.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'status', status: 429, retryAfter: 7 });
    const res = await api.json('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(await api.control.orders()).toHaveLength(0);
    expect((await api.req('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } })).status).toBe(200);
  });

  it('matches only the method and path it names', async () => {
    await api.control.fault({ match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 429, retryAfter: 30 });
    const other = await api.req('GET', '/v2/orders');
    expect(other.status).toBe(200);
    expect(other.headers.get('retry-after')).toBeNull();
  });

  it('refuses a retryAfter that is not a number', async () => {
    const res = await fetch(`${api.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ match: { path: '/v2/orders' }, kind: 'status', status: 429, retryAfter: 'soon' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('the request log', () => {
  it('lists every partner request with its status, leaving the control API out', async () => {
    await api.control.clearRequests();
    await api.control.fault({ match: { path: '/v2/balance' }, kind: 'status', status: 429, retryAfter: 5 });
    await api.req('GET', '/v2/balance');
    await api.req('GET', '/v2/balance');
    await api.control.orders();
    await api.req('GET', '/v2/nowhere');
    const log = await api.control.requests();
    expect(log.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/v2/balance', status: 429 },
      { method: 'GET', path: '/v2/balance', status: 200 },
      { method: 'GET', path: '/v2/nowhere', status: 404 },
    ]);
    for (const entry of log) expect(new Date(entry.at).toISOString()).toBe(entry.at);
  });

  it('records the token request and a connection reset as status 0', async () => {
    const log0 = await api.control.requests();
    expect(log0.some((r) => r.method === 'POST' && r.path === '/v2/token' && r.status === 200)).toBe(true);
    await api.control.fault({ match: { path: '/v2/balance' }, kind: 'reset-before' });
    await expect(api.req('GET', '/v2/balance')).rejects.toThrow();
    const last = (await api.control.requests()).at(-1);
    expect(last).toMatchObject({ method: 'GET', path: '/v2/balance', status: 0 });
  });

  it('is emptied by reset', async () => {
    await api.req('GET', '/v2/balance');
    await api.control.reset();
    expect(await api.control.requests()).toEqual([]);
  });
});
