import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { getPackages } from '../../../../../electron/backend/partner/packages.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(() => ts.close());

/** The real fetch, counting what goes to the token endpoint. */
function countingFetch() {
  const counts = { token: 0, other: 0 };
  const wrapped: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/v2/token') counts.token++;
    else counts.other++;
    return fetch(input, init);
  };
  return { counts, fetch: wrapped };
}

function client(secrets = new MemorySecretStore(), fetchImpl?: typeof fetch) {
  return createPartnerClient({
    baseUrl: ts.url,
    clientId: ts.sandbox.clientId,
    clientSecret: ts.sandbox.clientSecret,
    secrets,
    fetch: fetchImpl,
  });
}

describe('partner client against the sandbox', () => {
  it('gets a token once and reuses it, also after a restart (the secret store keeps it)', async () => {
    const secrets = new MemorySecretStore();
    const first = countingFetch();
    const a = client(secrets, first.fetch);
    await getPackages(a, { country: 'DE' });
    await getPackages(a, { country: 'FR' });
    expect(first.counts.token).toBe(1);

    const second = countingFetch();
    await getPackages(client(secrets, second.fetch), { country: 'IT' });
    expect(second.counts.token).toBe(0);
  });

  it('answers a 401 with one token refresh shared by concurrent callers', async () => {
    const secrets = new MemorySecretStore();
    // A token the service no longer knows, as after a revocation.
    secrets.set(
      `partner-token:${ts.url}:${ts.sandbox.clientId}`,
      JSON.stringify({ token: 'revoked-token', expiresAt: Date.now() + 3_600_000 }),
    );
    const counting = countingFetch();
    const c = client(secrets, counting.fetch);
    const results = await Promise.all(['DE', 'FR', 'IT', 'ES', 'JP'].map((country) => getPackages(c, { country })));
    expect(results.every(({ entries }) => entries.length > 0)).toBe(true);
    expect(counting.counts.token).toBe(1);
    expect(JSON.parse(secrets.get(`partner-token:${ts.url}:${ts.sandbox.clientId}`)!).token).not.toBe('revoked-token');
  });

  it('reports refused credentials as an auth error without retrying forever', async () => {
    const counting = countingFetch();
    const bad = createPartnerClient({
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: 'wrong-secret',
      secrets: new MemorySecretStore(),
      fetch: counting.fetch,
    });
    const error = await getPackages(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerError);
    expect((error as PartnerError).kind).toBe('auth');
    expect(counting.counts.token).toBe(1);
    expect(counting.counts.other).toBe(0);
  });

  it('maps an unknown ICCID to not_found and a rate limit to rate_limited with the wait', async () => {
    const c = client();
    const notFound = await c
      .call({
        method: 'GET',
        path: '/v2/sims/8900000000000000001/usage',
        schema: (await import('../../../../../electron/backend/partner/schemas/sims.ts')).UsageResponse,
      })
      .catch((e: unknown) => e);
    expect((notFound as PartnerError).kind).toBe('not_found');
    await ts.control.fault({ match: { method: 'GET', path: '/v2/packages' }, kind: 'status', status: 429 });
    const limited = await getPackages(c).catch((e: unknown) => e);
    expect((limited as PartnerError).kind).toBe('rate_limited');
  });
});
