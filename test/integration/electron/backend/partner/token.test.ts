// The token limit against a sandbox that allows exactly what the partner's current docs say: the
// client never earns the 429 itself, and says how long to wait instead.
import { afterEach, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { getPackages } from '../../../../../electron/backend/partner/packages.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let clock = Date.now();
afterEach(() => ts.close());

const tokenPosts = async () => (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/token');

function client(options: { tokenRequestsPerMinute?: number } = {}) {
  return createPartnerClient({
    baseUrl: ts.url,
    clientId: ts.sandbox.clientId,
    clientSecret: ts.sandbox.clientSecret,
    secrets: new MemorySecretStore(),
    now: () => clock,
    ...options,
  });
}

describe('token requests', () => {
  it('are at most three a minute by default, and the fourth is refused here, not by the service', async () => {
    ts = await startTestSandbox({ tokenRateLimitPerMinute: 3 });
    const partner = client();
    let token = await partner.tokens.get();
    for (let i = 0; i < 2; i++) token = await partner.tokens.refresh(token);
    await expect(partner.tokens.refresh(token)).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const posts = await tokenPosts();
    expect(posts).toHaveLength(3);
    expect(posts.every((p) => p.status === 200)).toBe(true);
    // A minute later (both clocks) the client asks again, and the service agrees.
    clock += 61_000;
    await ts.control.advanceClock(61_000);
    const fresh = await partner.tokens.refresh(token);
    expect((await getPackages(partner, { country: 'DE' })).entries.length).toBeGreaterThan(0);
    expect(fresh).not.toBe(token);
    expect((await tokenPosts()).map((p) => p.status)).toEqual([200, 200, 200, 200]);
  });

  it('follow a configured limit, as the sandbox does', async () => {
    ts = await startTestSandbox({ tokenRateLimitPerMinute: 5 });
    const partner = client({ tokenRequestsPerMinute: 5 });
    let token = await partner.tokens.get();
    for (let i = 0; i < 4; i++) token = await partner.tokens.refresh(token);
    await expect(partner.tokens.refresh(token)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(await tokenPosts()).toHaveLength(5);
  });
});
