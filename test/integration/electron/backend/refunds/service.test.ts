import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

type Sale = { id: string; reference: string; esims: { iccid: string }[] };

// A sandbox and a counter that both take 50 requests a minute: these tests send many. The
// counter's own hold on the documented rate is tested on a pair of its own, below.
let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

beforeAll(async () => {
  ts = await startTestSandbox({ refundRateLimit: { requests: 50, windowSeconds: 60 } });
  const test = await startTestBackend(ts, { refundRate: { requests: 50, windowMs: 60_000 } });
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

const sell = async (country: string, quantity: number): Promise<Sale> => {
  await signIn('clerk');
  const offer = (await call<Array<{ id: string }>>('catalog.packages', { country, type: 'local' }))[0]!;
  const sale = await call<Sale>('sales.create', { packageId: offer.id, quantity, paymentMethod: 'card' });
  await signIn('manager');
  return sale;
};

const refundsPosted = async () => (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/refund');

describe('refund requests', () => {
  it('sends refund requests of up to five ICCIDs, keeps them, and records the service’s refusal in words', async () => {
    const sale = await sell('NL', 2);
    await signIn('clerk');
    await expect(call('refunds.request', { iccids: [sale.esims[0]!.iccid], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });
    await signIn('manager');
    await expect(
      call('refunds.request', { iccids: ['1', '2', '3', '4', '5', '6'], reason: 'NO_COVERAGE' }),
    ).rejects.toMatchObject({ error: { code: 'bad_input' } });
    await expect(call('refunds.request', { iccids: [sale.esims[0]!.iccid], reason: 'OTHERS' })).rejects.toMatchObject({
      error: { code: 'bad_input' },
    });
    const refund = await call('refunds.request', {
      iccids: sale.esims.map((e) => e.iccid),
      reason: 'NO_COVERAGE',
      notes: 'No signal in Utrecht',
    });
    expect(refund).toMatchObject({ status: 'requested', reason: 'NO_COVERAGE', requestedBy: 'Maria Manager', saleId: null });
    expect(refund.partnerId).toBeTruthy();
    const foreign = await call('refunds.request', { iccids: ['8944000000000000000'], reason: 'WRONG_PURCHASE' });
    expect(foreign).toMatchObject({ status: 'refused', refusal: expect.stringMatching(/do not belong/) });
    expect((await call<Array<{ id: string }>>('refunds.list')).slice(0, 2).map((r) => r.id)).toEqual([foreign.id, refund.id]);
  });

  it('asks once for an eSIM named twice in a request, scanned twice or typed grouped and whole', async () => {
    const sale = await sell('BE', 1);
    const iccid = sale.esims[0]!.iccid;
    const before = (await refundsPosted()).length;
    const grouped = iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
    const refund = await call('refunds.request', { iccids: [iccid, grouped, iccid], reason: 'NO_COVERAGE' });
    expect(refund).toMatchObject({ status: 'requested', iccids: [iccid] });
    expect(await refundsPosted()).toHaveLength(before + 1);
  });

  it('from a sale: only its eSIMs, one request with the service per sale, none for an eSIM refunded already', async () => {
    const sale = await sell('BE', 2);
    const other = await sell('AT', 1);
    const [a, b] = sale.esims.map((e) => e.iccid) as [string, string];
    await expect(
      call('refunds.request', { saleId: sale.id, iccids: [a, other.esims[0]!.iccid], reason: 'NO_COVERAGE' }),
    ).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'refund_not_of_sale', params: { iccid: other.esims[0]!.iccid } },
    });
    const posted = (await refundsPosted()).length;
    const refund = await call('refunds.request', { saleId: sale.id, iccids: [a], reason: 'INSTALLATION_FAILURE' });
    expect(refund).toMatchObject({ status: 'requested', saleId: sale.id, saleReference: sale.reference, refunded: [] });
    // While it is with the service, the sale's other eSIM waits: the order's status could not tell the two apart.
    await expect(call('refunds.request', { saleId: sale.id, iccids: [b], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'refund_in_review', params: { iccid: a } },
    });
    expect((await refundsPosted()).length).toBe(posted + 1);

    // History shows each eSIM's state with its sale.
    const entries = await call<Array<{ kind: string; sale?: { id: string }; refunds?: unknown[] }>>('history.search', {
      query: sale.reference,
    });
    expect(entries.find((e) => e.sale?.id === sale.id)?.refunds).toEqual([
      { iccid: a, requestId: refund.id, state: 'in_review', requestedAt: refund.createdAt },
    ]);

    await ts.control.decideRefund(refund.partnerId, true);
    const answered = await call<Array<{ id: string; status: string; refunded: string[]; checkedAt: string | null }>>(
      'refunds.refresh',
      { force: true },
    );
    expect(answered.find((r) => r.id === refund.id)).toMatchObject({
      status: 'refunded',
      refunded: [a],
      checkedAt: expect.any(String),
    });
    await expect(call('refunds.request', { saleId: sale.id, iccids: [a], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'refund_already_refunded', params: { iccid: a } },
    });
    // The other eSIM may be asked for now; the order, partly refunded already, is its baseline.
    const second = await call('refunds.request', { saleId: sale.id, iccids: [b], reason: 'NO_COVERAGE' });
    expect(
      (await call<Array<{ id: string; status: string }>>('refunds.refresh', { force: true })).find((r) => r.id === second.id),
    ).toMatchObject({ status: 'requested' });
    await ts.control.decideRefund(second.partnerId, true);
    const both = await call<Array<{ id: string; status: string; refunded: string[] }>>('refunds.refresh', { force: true });
    expect(both.find((r) => r.id === second.id)).toMatchObject({ status: 'refunded', refunded: [b] });
    const after = await call<Array<{ sale?: { id: string }; refunds?: Array<{ state: string }> }>>('history.search', {
      query: sale.reference,
    });
    expect(after.find((e) => e.sale?.id === sale.id)?.refunds?.map((r) => r.state)).toEqual(['refunded', 'refunded']);
    // Each answer is in the audit log.
    const audit = await call<Array<{ action: string; subject: string }>>('audit.list', { action: 'refund.' });
    expect(audit.filter((e) => e.action === 'refund.answered').map((e) => e.subject)).toEqual(
      expect.arrayContaining([refund.id, second.id]),
    );
  });

  it('a request naming every eSIM of a sale that the service refunds in part: partly refunded, which ones unclear', async () => {
    const sale = await sell('DK', 2);
    const refund = await call('refunds.request', {
      saleId: sale.id,
      iccids: sale.esims.map((e) => e.iccid),
      reason: 'TRIP_CANCELLATION',
    });
    await ts.control.decideRefund(refund.partnerId, true, [sale.esims[1]!.iccid]);
    const list = await call<Array<{ id: string; status: string; refunded: string[] }>>('refunds.refresh', { force: true });
    expect(list.find((r) => r.id === refund.id)).toMatchObject({ status: 'partly_refunded', refunded: [] });
    const entry = (
      await call<Array<{ sale?: { id: string }; refunds?: Array<{ state: string }> }>>('history.search', {
        query: sale.reference,
      })
    ).find((e) => e.sale?.id === sale.id);
    expect(entry?.refunds?.map((r) => r.state)).toEqual(['unclear', 'unclear']);
  });

  it('reports show refunded eSIMs apart from the ones sold; revenue stays what the till took', async () => {
    const day = await call<{ totals: { esims: number; revenue: { minor: number }[]; refunded?: { esims: number } } }>(
      'reports.day',
      {},
    );
    const sale = await sell('SE', 3);
    const refund = await call('refunds.request', { saleId: sale.id, iccids: [sale.esims[2]!.iccid], reason: 'NO_COVERAGE' });
    await ts.control.decideRefund(refund.partnerId, true);
    await call('refunds.refresh', { force: true });
    const after = await call<{
      totals: { esims: number; revenue: { minor: number }[]; refunded: { esims: number; value: { minor: number }[] } };
    }>('reports.day', {});
    const price = (
      await call<Array<{ sale?: { id: string; total: { minor: number } } }>>('history.search', { query: sale.reference })
    ).find((e) => e.sale?.id === sale.id)!.sale!.total.minor;
    expect(after.totals.esims).toBe(day.totals.esims + 3);
    expect(after.totals.refunded.esims).toBe((day.totals.refunded?.esims ?? 0) + 1);
    expect(after.totals.revenue[0]!.minor - day.totals.revenue[0]!.minor).toBe(price);
    expect(after.totals.refunded.value[0]!.minor).toBeGreaterThanOrEqual(Math.floor(price / 3));
  });

  it('from a sale the service never completed, or one the counter does not have: refused before anything is sent', async () => {
    await signIn('clerk');
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'SE', type: 'local' }))[0]!;
    await ts.control.setStock(offer.id, 0);
    let failed: Sale & { status: string };
    try {
      failed = await call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    } finally {
      await ts.control.setStock(offer.id, null);
    }
    expect(failed.status).toBe('failed');
    await signIn('manager');
    const posted = (await refundsPosted()).length;
    await expect(
      call('refunds.request', { saleId: failed.id, iccids: ['8944000000000000000'], reason: 'WRONG_PURCHASE' }),
    ).rejects.toMatchObject({ error: { code: 'conflict', reason: 'refund_sale_not_completed' } });
    await expect(
      call('refunds.request', { saleId: crypto.randomUUID(), iccids: ['8944000000000000000'], reason: 'WRONG_PURCHASE' }),
    ).rejects.toMatchObject({ error: { code: 'not_found', reason: 'sale_not_found' } });
    expect((await refundsPosted()).length).toBe(posted);
  });

  it('honours the service’s 429: the wait it names holds every request after it', async () => {
    const sale = await sell('FI', 1);
    await ts.control.fault({ match: { method: 'POST', path: '/v2/refund' }, kind: 'status', status: 429, retryAfter: 120 });
    await expect(call('refunds.request', { iccids: [sale.esims[0]!.iccid], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'rate_limited', retryAfterSeconds: 120 },
    });
    const posted = (await refundsPosted()).length;
    await expect(call('refunds.request', { iccids: [sale.esims[0]!.iccid], reason: 'NO_COVERAGE' })).rejects.toMatchObject({
      error: { code: 'rate_limited' },
    });
    expect((await refundsPosted()).length).toBe(posted);
    expect((await call<{ nextAt: string | null }>('refunds.limit')).nextAt).not.toBeNull();
  });
});

describe('the documented rate on the counter’s side', () => {
  it('sends one refund request per 5 minutes to the partner: the next is refused before it is sent, with the wait', async () => {
    const strict = await startTestSandbox({ refundRateLimit: { requests: 1, windowSeconds: 300 } });
    const counter = await startTestBackend(strict);
    try {
      await counter.addStaff('clerk', 'Chris Clerk', 'clerk');
      await counter.signIn('manager');
      expect(await counter.call('refunds.limit')).toEqual({ requests: 1, windowSeconds: 300, nextAt: null });
      await counter.signIn('clerk');
      const offer = (await counter.call<Array<{ id: string }>>('catalog.packages', { country: 'NO', type: 'local' }))[0]!;
      const sale = await counter.call<Sale>('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'cash' });
      await counter.signIn('manager');
      await counter.call('refunds.request', { saleId: sale.id, iccids: [sale.esims[0]!.iccid], reason: 'NO_COVERAGE' });
      const refused = await counter
        .call('refunds.request', { iccids: ['8944000000000000000'], reason: 'WRONG_PURCHASE' })
        .catch((e: { error: { code: string; retryAfterSeconds: number } }) => e.error);
      expect(refused).toMatchObject({ code: 'rate_limited' });
      expect(refused.retryAfterSeconds).toBeGreaterThan(290);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(300);
      const limit = await counter.call<{ nextAt: string }>('refunds.limit');
      expect(Date.parse(limit.nextAt) - Date.now()).toBeGreaterThan(290_000);
      // Only the first reached the service, which would have answered the second with a 429.
      expect((await strict.control.requests()).filter((r) => r.path === '/v2/refund')).toHaveLength(1);
    } finally {
      await counter.backend.close();
      await strict.close();
    }
  });
});
