import { afterEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';
import { NotFoundBody, RateLimitedBody, ValidationErrorBody } from '../../../../electron/backend/partner/schemas/common.ts';
import { TokenResponse } from '../../../../electron/backend/partner/schemas/token.ts';
import { encode, parseWith, type Encoding } from './helpers.ts';

let t: TestSandbox;
afterEach(async () => t?.close());

const tokenRequest = (url: string, body: Record<string, unknown>, encoding: Encoding = 'urlencoded') => {
  const e = encode(body, encoding);
  return fetch(`${url}/v2/token`, { method: 'POST', body: e.body, headers: { accept: 'application/json', ...e.headers } });
};

describe('POST /v2/token', () => {
  it.each(['json', 'multipart', 'urlencoded'] as const)('issues a bearer token from a %s body', async (encoding) => {
    t = await startTestSandbox();
    const res = await tokenRequest(
      t.url,
      { client_id: 'demo-counter', client_secret: 'demo-counter-secret', grant_type: 'client_credentials' },
      encoding,
    );
    expect(res.status).toBe(200);
    const body = parseWith(TokenResponse, await res.json());
    expect(body.data.token_type).toBe('Bearer');
    expect(body.data.expires_in).toBe(31_622_400);
    expect(body.meta.message).toBe('success');
    const packages = await fetch(`${t.url}/v2/packages?limit=1`, {
      headers: { authorization: `Bearer ${body.data.access_token}` },
    });
    expect(packages.status).toBe(200);
  });

  it('refuses a wrong secret with 401 "Client authentication failed"', async () => {
    t = await startTestSandbox();
    const res = await tokenRequest(t.url, { client_id: 'demo-counter', client_secret: 'nope', grant_type: 'client_credentials' });
    expect(res.status).toBe(401);
    const body = parseWith(NotFoundBody, await res.json());
    expect(body.meta.message).toBe('Client authentication failed');
  });

  it('refuses an unknown client with 422 on client_id', async () => {
    t = await startTestSandbox();
    const res = await tokenRequest(t.url, { client_id: 'someone', client_secret: 'x', grant_type: 'client_credentials' });
    expect(res.status).toBe(422);
    const body = parseWith(ValidationErrorBody, await res.json());
    expect(body.data.client_id).toBe('The selected client id is invalid.');
    expect(body.meta.message).toBe('the parameter is invalid');
  });

  it('uses the configured credentials', async () => {
    t = await startTestSandbox({ clientId: 'shop-1', clientSecret: 's3cret' });
    const res = await tokenRequest(t.url, { client_id: 'shop-1', client_secret: 's3cret', grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
  });

  it('allows 5 token requests a minute per client, then 429 with Retry-After', async () => {
    t = await startTestSandbox();
    const good = { client_id: 'demo-counter', client_secret: 'demo-counter-secret', grant_type: 'client_credentials' };
    for (let i = 0; i < 5; i++) expect((await tokenRequest(t.url, good)).status).toBe(200);
    const limited = await tokenRequest(t.url, good);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(parseWith(RateLimitedBody, await limited.json()).message).toBe('Too Many Attempts.');
    await t.control.advanceClock(61_000);
    expect((await tokenRequest(t.url, good)).status).toBe(200);
  });

  it('honours a configured rate limit', async () => {
    t = await startTestSandbox({ tokenRateLimitPerMinute: 3 });
    const good = { client_id: 'demo-counter', client_secret: 'demo-counter-secret' };
    for (let i = 0; i < 3; i++) expect((await tokenRequest(t.url, good)).status).toBe(200);
    expect((await tokenRequest(t.url, good)).status).toBe(429);
  });
});

describe('bearer check', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    t = await startTestSandbox();
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic abc' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${t.url}/v2/packages`, { headers: { accept: 'application/json', ...headers } });
      expect(res.status).toBe(401);
      const body = parseWith(NotFoundBody, await res.json());
      expect(body.meta.message).toMatch(/Authentication failed/);
    }
  });

  it('does not guard the control API', async () => {
    t = await startTestSandbox();
    expect((await fetch(`${t.url}/__sandbox/clock`)).status).toBe(200);
  });
});
