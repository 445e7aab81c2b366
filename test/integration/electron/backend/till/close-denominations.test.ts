import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { Money } from '../../../../../shared/money.ts';
import type { ClosePreview, DayClose } from '../../../../../shared/reports.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let offer: { id: string; retail: Money };
const today = () => new Date().toISOString().slice(0, 10); // the store runs on UTC in this test

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  ({ backend, call } = test);
  await test.signIn('manager');
  await call('settings.update', { timeZone: 'UTC' });
  offer = (await call<Array<{ id: string; retail: Money }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

/** The price in the fewest notes and coins: a greedy count over the currency's table. */
function countOf(minor: number, values: readonly number[]): { value: number; count: number }[] {
  let left = minor;
  return values.flatMap((value) => {
    const count = Math.floor(left / value);
    left -= count * value;
    return count > 0 ? [{ value, count }] : [];
  });
}

describe('close.commit counted by notes and coins', () => {
  it('refuses what is not the currency’s notes and coins, or does not add up, then keeps a count that does', async () => {
    expect(offer.retail.currency).toBe('USD');
    await call('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'cash' });
    const preview = await call<ClosePreview>('close.preview', { date: today() });
    const cash = preview.open.expectedCash[0]!;
    const commit = (cashCounts: unknown) =>
      call<DayClose>('close.commit', { date: today(), countedCash: [cash], cashCounts, basis: preview.open.basis });
    const counts = countOf(cash.minor, [10_000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5, 1]);

    await expect(commit([{ currency: 'USD', counts: [{ value: 300, count: 1 }] }])).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { 'cashCounts.0.counts.0.value': 'denomination' } },
    });
    await expect(commit([{ currency: 'XAF', counts: [] }])).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { 'cashCounts.0.currency': 'denomination' } },
    });
    await expect(commit([{ currency: 'USD', counts: [{ value: 100, count: 100_001 }] }])).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { 'cashCounts.0.counts.0.count': 'too_big' } },
    });
    await expect(commit([{ currency: 'USD', counts: [{ value: 100, count: -1 }] }])).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { 'cashCounts.0.counts.0.count': 'too_small' } },
    });
    await expect(
      commit([
        { currency: 'USD', counts },
        { currency: 'USD', counts },
      ]),
    ).rejects.toMatchObject({ error: { code: 'bad_input', fields: { cashCounts: 'invalid' } } });
    await expect(
      commit([{ currency: 'USD', counts: counts.map((c, i) => (i === 0 ? { ...c, count: c.count + 1 } : c)) }]),
    ).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'cash_count_mismatch', params: { currency: 'USD' } },
    });
    // Nothing was closed by the refusals.
    expect((await call<ClosePreview>('close.preview', { date: today() })).closes).toEqual([]);

    const closed = await commit([{ currency: 'USD', counts }]);
    expect(closed.cashCounts).toEqual([{ currency: 'USD', counts }]);
    const [kept] = (await call<ClosePreview>('close.preview', { date: today() })).closes;
    expect(kept!.cashCounts).toEqual([{ currency: 'USD', counts }]);
    const csv = await call<{ content: string }>('close.csv', { date: today() });
    const lines = csv.content.trim().split('\n');
    expect(lines.filter((l) => l.includes(',denomination,'))).toHaveLength(counts.length);
    expect(lines.filter((l) => l.includes(',counted,') && l.includes(',cash,'))).toHaveLength(1);
  });
});
