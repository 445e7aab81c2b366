// Usage over real HTTP against the sandbox, with the cache in a real journal file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getUsageCache } from '../../../../../electron/backend/usage/db.ts';
import { createPartnerClient, type PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { UsageService } from '../../../../../electron/backend/usage/service.ts';
import { order, packagesOf, startApi, type Api } from '../../sandbox/helpers.ts';

const MIN = 60_000;

let api: Api;
let dir: string;
let db: Journal;
let partner: PartnerClient;
let usageRequests: number;
let now: number;
let iccid: string;

beforeEach(async () => {
  api = await startApi();
  dir = mkdtempSync(join(tmpdir(), 'usage-'));
  db = openJournal(join(dir, 'journal.db'));
  usageRequests = 0;
  const counting: typeof fetch = (input, init) => {
    if (String(input).includes('/usage')) usageRequests++;
    return fetch(input, init);
  };
  partner = createPartnerClient({
    baseUrl: api.url,
    clientId: api.sandbox.clientId,
    clientSecret: api.sandbox.clientSecret,
    secrets: new MemorySecretStore(),
    fetch: counting,
  });
  now = Date.parse('2026-03-01T10:00:00Z');
  const { sims } = await packagesOf(api, 'JP');
  iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
});

afterEach(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await api.close();
});

/** Moves the counter's clock and the sandbox's together. */
async function advance(ms: number): Promise<void> {
  now += ms;
  await api.control.advanceClock(ms);
}

const service = () => new UsageService({ db, partner, now: () => now });

describe('usage against the sandbox', () => {
  it('never asks within 15 minutes, even after a restart, and reads fresh data after', async () => {
    const first = await service().get(iccid);
    expect(first).toMatchObject({
      iccid,
      fromCache: false,
      asOf: '2026-03-01T10:00:00.000Z',
      nextRefreshAt: '2026-03-01T10:15:00.000Z',
    });
    expect(usageRequests).toBe(1);

    await advance(5 * MIN);
    expect(await service().get(iccid)).toMatchObject({ fromCache: true });

    db.close();
    db = openJournal(join(dir, 'journal.db'));
    await advance(9 * MIN);
    expect(await service().get(iccid)).toEqual({ ...first, fromCache: true });
    expect(usageRequests).toBe(1);

    await api.control.useData(iccid, 200);
    await advance(MIN);
    const fresh = await service().get(iccid);
    expect(fresh.fromCache).toBe(false);
    expect(fresh.asOf).toBe('2026-03-01T10:15:00.000Z');
    expect(usageRequests).toBe(2);
    if (fresh.remainingMb !== null && first.remainingMb !== null) expect(fresh.remainingMb).toBe(first.remainingMb - 200);
  });

  it("honours the service's Retry-After when it counts the window differently", async () => {
    // Someone else (another counter, the partner's dashboard) read this eSIM's usage 10 minutes before us.
    const other = await fetch(`${api.url}/v2/sims/${iccid}/usage`, {
      headers: { authorization: `Bearer ${api.bearer}`, accept: 'application/json' },
    });
    expect(other.status).toBe(200);
    await advance(10 * MIN);

    const refused = await service()
      .get(iccid)
      .then(
        () => null,
        (e: unknown) => e as { error: { code: string; retryAfterSeconds: number } },
      );
    expect(refused?.error.code).toBe('rate_limited');
    expect(refused?.error.retryAfterSeconds).toBe(300);
    expect(usageRequests).toBe(1);

    await advance(4 * MIN);
    await expect(service().get(iccid)).rejects.toMatchObject({ error: { code: 'rate_limited', retryAfterSeconds: 60 } });
    expect(usageRequests).toBe(1);

    await advance(MIN);
    expect(await service().get(iccid)).toMatchObject({ fromCache: false });
    expect(usageRequests).toBe(2);
  });

  it.each([
    ['ten years', String(10 * 365 * 24 * 3600)],
    ['1e14 seconds', '1e14'],
  ])('caps a Retry-After of %s at an hour, stored and said', async (_name, header) => {
    await api.control.fault({
      match: { method: 'GET', path: `/v2/sims/${iccid}/usage` },
      kind: 'status',
      status: 429,
      retryAfter: Number(header),
    });
    await expect(service().get(iccid)).rejects.toMatchObject({ error: { code: 'rate_limited', retryAfterSeconds: 3600 } });
    expect(getUsageCache(db, iccid)?.nextAllowedAt).toBe('2026-03-01T11:00:00.000Z');

    await advance(60 * MIN);
    expect(await service().get(iccid)).toMatchObject({ fromCache: false });
    expect(usageRequests).toBe(2);
  });

  it('calls an ICCID the service does not know unknown', async () => {
    await expect(service().get('8999000000000000001')).rejects.toMatchObject({ error: { code: 'not_found' } });
  });
});
