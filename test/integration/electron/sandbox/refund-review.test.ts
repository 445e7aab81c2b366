import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetOrderResponse } from '../../../../electron/backend/partner/schemas/orders.ts';
import { order, packagesOf, parseWith, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.close());

const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${api.url}/__sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const orderStatus = async (id: number) =>
  parseWith(GetOrderResponse, (await api.json('GET', `/v2/orders/${id}?include=status`)).body).data.status?.slug;

const balance = async () => (await control('/state')).body.balance as number;

describe('refund review (the partner decides by hand; the order says what it decided)', () => {
  it('approving some eSIMs of an order makes it partially_refunded, all of them refunded, and credits the net price', async () => {
    await api.control.setBalance(500);
    const { sims } = await packagesOf(api, 'FR');
    const placed = await order(api, sims[0].id, 3);
    const iccids = placed.sims.map((s) => s.iccid);
    const before = await balance();
    const first = await api.json('POST', '/v2/refund', { body: { iccids: [iccids[0]], reason: 'NO_COVERAGE' } });
    expect(first.status).toBe(202);
    expect(await orderStatus(placed.id)).toBe('completed');

    const decided = await control(`/refunds/${first.body.data.refund_id}/decide`, { approve: true });
    expect(decided.body.refund).toMatchObject({ status: 'approved', approvedIccids: [iccids[0]] });
    expect(await orderStatus(placed.id)).toBe('partially_refunded');
    const net = Number(placed.net_price);
    expect(await balance()).toBeCloseTo(before + net, 2);
    // A decided request cannot be decided again.
    expect((await control(`/refunds/${first.body.data.refund_id}/decide`, { approve: false })).status).toBe(409);

    const rest = await api.json('POST', '/v2/refund', { body: { iccids: iccids.slice(1), reason: 'NO_COVERAGE' } });
    await control(`/refunds/${rest.body.data.refund_id}/decide`, { approve: true });
    expect(await orderStatus(placed.id)).toBe('refunded');
    expect(await balance()).toBeCloseTo(before + 3 * net, 2);
    // The order list finds it by its status.
    const refunded = await api.json('GET', '/v2/orders?filter[order_status]=refunded');
    expect(refunded.body.data.map((o: { id: number }) => o.id)).toContain(placed.id);
  });

  it('a rejection changes nothing the partner can see', async () => {
    const { sims } = await packagesOf(api, 'IT');
    const placed = await order(api, sims[0].id);
    const before = await balance();
    const res = await api.json('POST', '/v2/refund', { body: { iccids: [placed.sims[0]!.iccid], reason: 'SLOW_SPEED' } });
    expect((await control(`/refunds/${res.body.data.refund_id}/decide`, { approve: false })).body.refund.status).toBe('rejected');
    expect(await orderStatus(placed.id)).toBe('completed');
    expect(await balance()).toBe(before);
  });
});

describe('limits', () => {
  it('takes five refund requests a minute by default (refused ones count), then answers 429 with Retry-After', async () => {
    const limited = await startApi();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push((await limited.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } })).status);
      }
      expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
      const refused = await limited.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } });
      expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      await limited.control.advanceClock(61_000);
      expect((await limited.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } })).status).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('holds to the rate-limit page’s one request per 5 minutes when so configured', async () => {
    const strict = await startApi({ refundRateLimit: { requests: 1, windowSeconds: 300 } });
    try {
      expect((await strict.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } })).status).toBe(422);
      const again = await strict.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(290);
    } finally {
      await strict.close();
    }
  });

  it('approves requests by itself after refundReviewMs, on the sandbox clock', async () => {
    const auto = await startApi({ refundReviewMs: 86_400_000 });
    try {
      const { sims } = await packagesOf(auto, 'ES');
      const placed = await order(auto, sims[0].id);
      await auto.json('POST', '/v2/refund', { body: { iccids: [placed.sims[0]!.iccid], reason: 'NO_COVERAGE' } });
      await auto.control.advanceClock(3_600_000);
      const read = async () => (await auto.json('GET', `/v2/orders/${placed.id}?include=status`)).body.data.status.slug;
      expect(await read()).toBe('completed');
      await auto.control.advanceClock(86_400_000);
      expect(await read()).toBe('refunded');
    } finally {
      await auto.close();
    }
  });

  it('answers an eSIM’s package history ten times a minute, then 429 with Retry-After', async () => {
    const { sims } = await packagesOf(api, 'PT');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await api.json('GET', `/v2/sims/${iccid}/packages`)).status);
    expect(codes).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = await api.json('GET', `/v2/sims/${iccid}/packages`);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await api.control.advanceClock(60_000);
    expect((await api.json('GET', `/v2/sims/${iccid}/packages`)).status).toBe(200);
  });
});
