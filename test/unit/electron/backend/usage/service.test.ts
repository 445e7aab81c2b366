import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getUsageCache, putUsageCache } from '../../../../../electron/backend/usage/db.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { AppFailure } from '../../../../../shared/errors.ts';
import { UsageService } from '../../../../../electron/backend/usage/service.ts';
import { insertCompletedSale, seedStaff } from '../../../../support/journal.ts';
import { fakePartner, type Call } from '../fake-partner.ts';

const ICCID = '8944465400000000016';
const T0 = Date.parse('2026-03-01T10:00:00Z');
const MIN = 60_000;

const usage = (remaining: number) => ({
  data: { remaining, total: 3072, expired_at: '2026-03-31 10:00:00', is_unlimited: false, status: 'ACTIVE' },
  meta: { message: 'success' },
});

let db: Journal;
let now: number;
let answer: (c: Call) => unknown;

beforeEach(() => {
  db = openJournalInMemory();
  now = T0;
  answer = () => usage(2048);
});
afterEach(() => db.close());

function service(partner = fakePartner((c) => answer(c))) {
  return { partner, usage: new UsageService({ db, partner, now: () => now }) };
}

async function failure(p: Promise<unknown>): Promise<AppFailure> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}

describe('UsageService', () => {
  it('reads once, then answers from the cache for 15 minutes', async () => {
    const { partner, usage: svc } = service();
    const first = await svc.get(ICCID);
    expect(first).toEqual({
      iccid: ICCID,
      status: 'ACTIVE',
      remainingMb: 2048,
      totalMb: 3072,
      isUnlimited: false,
      expiresAt: '2026-03-31T10:00:00.000Z',
      asOf: '2026-03-01T10:00:00.000Z',
      nextRefreshAt: '2026-03-01T10:15:00.000Z',
      fromCache: false,
      packageDays: null,
    });
    expect(partner.calls.map((c) => c.path)).toEqual([`/v2/sims/${ICCID}/usage`]);

    answer = () => usage(1000);
    now = T0 + 15 * MIN - 1;
    const cached = await svc.get(ICCID);
    expect(cached).toMatchObject({ remainingMb: 2048, fromCache: true, asOf: first.asOf });
    expect(partner.calls).toHaveLength(1);

    now = T0 + 15 * MIN;
    expect(await svc.get(ICCID)).toMatchObject({
      remainingMb: 1000,
      fromCache: false,
      nextRefreshAt: '2026-03-01T10:30:00.000Z',
    });
    expect(partner.calls).toHaveLength(2);
  });

  it('does not ask early after a restart: the wait is in the journal', async () => {
    await service().usage.get(ICCID);
    const again = service();
    now = T0 + 10 * MIN;
    expect(await again.usage.get(ICCID)).toMatchObject({ fromCache: true, remainingMb: 2048 });
    expect(again.partner.calls).toHaveLength(0);
  });

  it('accepts the ICCID as scanned, with spaces', async () => {
    const { partner, usage: svc } = service();
    expect((await svc.get('8944 4654 0000 0000 016')).iccid).toBe(ICCID);
    expect(partner.calls[0]?.path).toBe(`/v2/sims/${ICCID}/usage`);
    expect((await failure(svc.get('12345'))).error.code).toBe('bad_input');
  });

  it('shares one request between concurrent callers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const partner = fakePartner(async () => {
      await gate;
      return usage(500);
    });
    const svc = new UsageService({ db, partner, now: () => now });
    const both = Promise.all([svc.get(ICCID), svc.get(ICCID)]);
    release();
    const [a, b] = await both;
    expect(a).toEqual(b);
    expect(partner.calls).toHaveLength(1);
  });

  it('on a 429 keeps the last reading and waits as long as the service says', async () => {
    const { partner, usage: svc } = service();
    await svc.get(ICCID);
    now = T0 + 16 * MIN;
    answer = () => {
      throw new PartnerError('rate_limited', 'wait', { status: 429, retryAfterSeconds: 600 });
    };
    const refused = await svc.get(ICCID);
    expect(refused).toMatchObject({
      fromCache: true,
      remainingMb: 2048,
      asOf: '2026-03-01T10:00:00.000Z',
      nextRefreshAt: '2026-03-01T10:26:00.000Z',
    });
    expect(partner.calls).toHaveLength(2);

    answer = () => usage(100);
    now = T0 + 26 * MIN - 1;
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: true });
    expect(partner.calls).toHaveLength(2);
    now = T0 + 26 * MIN;
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: false, remainingMb: 100 });
  });

  it('on a 429 with nothing cached says how long to wait, and does not ask again before then', async () => {
    answer = () => {
      throw new PartnerError('rate_limited', 'wait', { status: 429, retryAfterSeconds: 90 });
    };
    const { partner, usage: svc } = service();
    const first = await failure(svc.get(ICCID));
    expect(first.error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 90 });
    expect(first.message).toMatch(/2 minutes/);

    now = T0 + 30_000;
    expect((await failure(svc.get(ICCID))).error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
    expect(partner.calls).toHaveLength(1);
    expect(getUsageCache(db, ICCID)?.payload).toBeNull();

    answer = () => usage(700);
    now = T0 + 90_000;
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: false, remainingMb: 700 });
  });

  it('calls an unknown ICCID unknown', async () => {
    answer = () => {
      throw new PartnerError('not_found', 'nope', { status: 404 });
    };
    const error = await failure(service().usage.get(ICCID));
    expect(error.error).toMatchObject({ code: 'not_found', reason: 'esim_unknown', params: { iccid: ICCID } });
    expect(error.message).toContain(ICCID);
  });

  it('answers from the last reading when the service cannot be reached', async () => {
    const { usage: svc } = service();
    await svc.get(ICCID);
    now = T0 + 20 * MIN;
    answer = () => {
      throw new PartnerError('network_before_send', 'down');
    };
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: true, remainingMb: 2048 });
    const fresh = service();
    db.prepare('DELETE FROM usage_cache').run();
    expect((await failure(fresh.usage.get(ICCID))).error.code).toBe('service_unreachable');
  });

  it('starts no wait on a read that met no answer: it is said as unreachable and may be made again', async () => {
    answer = () => {
      throw new PartnerError('network_after_send', 'timeout');
    };
    const { partner, usage: svc } = service();
    expect((await failure(svc.get(ICCID))).error.code).toBe('service_unreachable');
    now = T0 + 1 * MIN;
    expect((await failure(svc.get(ICCID))).error.code).toBe('service_unreachable');
    answer = () => ({
      data: { remaining: 1024, total: 2048, expired_at: null, is_unlimited: false, status: 'ACTIVE' },
      meta: { message: 'success' },
    });
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: false, remainingMb: 1024 });
    expect(partner.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('starts the wait on an answer the service sent that could not be read', async () => {
    answer = () => {
      throw new PartnerError('malformed_response', 'not JSON', { status: 200 });
    };
    const { partner, usage: svc } = service();
    expect((await failure(svc.get(ICCID))).error.code).not.toBe('rate_limited');
    now = T0 + 5 * MIN;
    expect((await failure(svc.get(ICCID))).error.code).toBe('rate_limited');
    expect(partner.calls).toHaveLength(1);
  });

  it('hides the meaningless numbers of unlimited packages', async () => {
    answer = () => ({
      data: { remaining: 0, total: 0, expired_at: null, is_unlimited: true, status: 'NOT_ACTIVE' },
      meta: { message: 'ok' },
    });
    expect(await service().usage.get(ICCID)).toMatchObject({
      remainingMb: null,
      totalMb: null,
      isUnlimited: true,
      expiresAt: null,
    });
  });

  it('says how long the package sold with the eSIM runs, for an eSIM not installed yet', async () => {
    answer = () => ({
      data: { remaining: 5120, total: 5120, expired_at: '2026-08-28 10:00:00', is_unlimited: false, status: 'NOT_ACTIVE' },
      meta: { message: 'success' },
    });
    const { clerk } = await seedStaff(db);
    insertCompletedSale(db, { id: 's-1', reference: 'EC-TEST-0001', staffId: clerk.staffId, iccids: [ICCID] });
    expect(await service().usage.get(ICCID)).toMatchObject({
      status: 'NOT_ACTIVE',
      expiresAt: '2026-08-28T10:00:00.000Z',
      packageDays: 30,
    });
    // The saved reading too.
    expect(await service().usage.get(ICCID)).toMatchObject({ fromCache: true, packageDays: 30 });
  });

  it('never waits past an hour on a row stored before waits were capped', async () => {
    putUsageCache(db, {
      iccid: ICCID,
      payload: null,
      fetchedAt: new Date(T0).toISOString(),
      nextAllowedAt: '2036-03-01T10:00:00.000Z',
      updatedAt: new Date(T0).toISOString(),
    });
    const { partner, usage: svc } = service();
    expect((await failure(svc.get(ICCID))).error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(partner.calls).toHaveLength(0);
    now = T0 + 60 * MIN;
    expect(await svc.get(ICCID)).toMatchObject({ fromCache: false });
  });

  it('caps a huge wait handed over in an error', async () => {
    answer = () => {
      throw new PartnerError('rate_limited', 'wait', { status: 429, retryAfterSeconds: 1e14 });
    };
    const { usage: svc } = service();
    expect((await failure(svc.get(ICCID))).error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(getUsageCache(db, ICCID)?.nextAllowedAt).toBe('2026-03-01T11:00:00.000Z');
  });
});
