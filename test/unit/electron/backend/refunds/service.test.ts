import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../electron/backend/journal/open.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { PARTNER_REFUND_RATE, RefundsService, type RefundRate } from '../../../../../electron/backend/refunds/service.ts';
import { fakePartner } from '../fake-partner.ts';

const MANAGER = { staffId: 'm', name: 'Maria', role: 'manager' } as const;

function counter(
  rate: RefundRate,
  answer: () => unknown = () => ({ data: { refund_id: '1', created_at: '2026-01-01 10:00' }, meta: { message: 'success' } }),
) {
  const db = openJournalInMemory();
  db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('m', 'Maria', 'manager', 'x', 'x', 'n', 'n')`,
  ).run();
  let now = Date.parse('2026-01-01T10:00:00Z');
  const partner = fakePartner(answer);
  const refunds = new RefundsService({ db, partner, rate, now: () => now });
  // A new eSIM each time: one still with the service could not be asked for again.
  let next = 0;
  const ask = () =>
    refunds.request({ iccids: [`89440000000000000${String(++next).padStart(2, '0')}`], reason: 'WRONG_PURCHASE' }, MANAGER);
  return { refunds, partner, ask, advance: (ms: number) => (now += ms) };
}

const sent = (partner: ReturnType<typeof fakePartner>) => partner.calls.filter((c) => c.path === '/v2/refund').length;

describe('the refund rate on the counter’s side', () => {
  it('sends one request per 5 minutes to the partner, and says how long to wait for the next', async () => {
    const { refunds, partner, ask, advance } = counter(PARTNER_REFUND_RATE);
    expect(refunds.limit()).toEqual({ requests: 1, windowSeconds: 300, nextAt: null });
    await ask();
    advance(4 * 60_000);
    await expect(ask()).rejects.toMatchObject({ error: { code: 'rate_limited', retryAfterSeconds: 60 } });
    expect(refunds.limit().nextAt).toBe('2026-01-01T10:05:00.000Z');
    expect(sent(partner)).toBe(1);
    advance(60_000);
    await ask();
    expect(sent(partner)).toBe(2);
  });

  it('holds to five a minute when that is the rate, counting refused requests too', async () => {
    let refuse = true;
    const { ask, partner, advance } = counter({ requests: 5, windowMs: 60_000 }, () => {
      if (refuse) throw new PartnerError('validation', 'The following ICCIDs do not belong to your company: 8944000000000000001');
      return { data: { refund_id: '9', created_at: '2026-01-01 10:00' }, meta: { message: 'success' } };
    });
    for (let i = 0; i < 5; i++) {
      expect((await ask()).status).toBe('refused');
      advance(1_000);
    }
    await expect(ask()).rejects.toMatchObject({ error: { code: 'rate_limited', retryAfterSeconds: 55 } });
    expect(sent(partner)).toBe(5);
    refuse = false;
    advance(55_000);
    expect((await ask()).status).toBe('requested');
  });

  it('counts a request whose answer was lost, which may have reached the service', async () => {
    const { ask, partner, advance } = counter(PARTNER_REFUND_RATE, () => {
      throw new PartnerError('network_after_send', 'socket hang up');
    });
    await expect(ask()).rejects.toMatchObject({ error: { code: 'service_unreachable' } });
    advance(1_000);
    await expect(ask()).rejects.toMatchObject({ error: { code: 'rate_limited' } });
    expect(sent(partner)).toBe(1);
  });

  it('sends two requests made at once one after the other, so both cannot pass the rate', async () => {
    const { ask, partner } = counter(PARTNER_REFUND_RATE);
    const results = await Promise.allSettled([ask(), ask()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(sent(partner)).toBe(1);
  });
});
