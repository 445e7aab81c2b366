/**
 * What a close counted and the service's answers to refunds, shipped to a real PostgreSQL
 * (journal migration 0020, head office 0004): a counter opens its till with a float, sells, has a
 * refund answered and closes the day counting its card total and its cash by notes and coins; the
 * head office's close and refund rows then hold them, a batch sent again (and an older copy of the
 * close) changes nothing, and another store's role sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainStatus } from '../../../../../shared/chain.ts';
import { toDecimalString, type Money } from '../../../../../shared/money.ts';
import type { ClosePreview, DayClose } from '../../../../../shared/reports.ts';
import { denominationsOf } from '../../../../../shared/denominations.ts';
import { connect } from '../../../../../electron/backend/chain/pg-migrate.ts';
import { closes, csvTable } from '../../../../../electron/headoffice/reports.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { NO_POSTGRES, startHeadOffice, type HeadOffice } from '../../../../support/chain.ts';
import { until } from '../../../../support/until.ts';

const today = () => new Date().toISOString().slice(0, 10); // the store runs on UTC in this test

type Sale = { id: string; reference: string; esims: { iccid: string }[] };
type Refund = { id: string; partnerId: string; status: string };

/** The amount in the fewest notes and coins of the currency's table. */
function countOf(minor: number, currency: string): { value: number; count: number }[] {
  let left = minor;
  const values = denominationsOf(currency)!
    .map((d) => d.value)
    .toSorted((a, b) => b - a);
  return values.flatMap((value) => {
    const count = Math.floor(left / value);
    left -= count * value;
    return count > 0 ? [{ value, count }] : [];
  });
}

describe.skipIf(NO_POSTGRES !== null)(
  `a close's counts and refund answers at the head office${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ''}`,
  () => {
    let ho: HeadOffice;
    let ts: TestSandbox;
    let counter: TestBackend;

    beforeAll(async () => {
      [ho, ts] = await Promise.all([startHeadOffice(), startTestSandbox()]);
      counter = await startTestBackend(ts, { settleMs: 0, chainPollMs: 20, chainMaxBackoffMs: 200 });
      await counter.signIn('manager');
      await counter.call('settings.update', { timeZone: 'UTC' });
    });
    afterAll(async () => {
      await counter?.backend.close();
      await ts?.close();
      await ho?.stop();
    });

    const inSync = () => until(async () => (await counter.call<ChainStatus>('chain.status')).state === 'in_sync');

    it('holds the float, the tenders, the notes and coins and each eSIM’s answer; sending again changes nothing', async () => {
      const { call } = counter;
      await call('chain.join', { url: await ho.storeUrl('LIS'), storeId: 'LIS', counterId: 'K1' });
      await call('till.open', { float: { minor: 5000, currency: 'USD' } });
      const offer = (await call<Array<{ id: string; retail: Money }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
      await call<Sale>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
      const card = await call<Sale>('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'card' });
      const [a, b] = card.esims.map((e) => e.iccid) as [string, string];

      const refund = await call<Refund>('refunds.request', { saleId: card.id, iccids: [a], reason: 'NO_COVERAGE' });
      await ts.control.decideRefund(refund.partnerId, true);
      const answered = await call<Refund[]>('refunds.refresh', { force: true });
      expect(answered.find((r) => r.id === refund.id)).toMatchObject({ status: 'refunded' });

      const preview = await call<ClosePreview>('close.preview', { date: today() });
      const cash = preview.open.expectedCash[0]!;
      expect(preview.open.float).toEqual([{ minor: 5000, currency: 'USD' }]);
      const cardExpected = preview.open.expected.find((e) => e.method === 'card')!;
      const counts = countOf(cash.minor, 'USD');
      const closed = await call<DayClose>('close.commit', {
        date: today(),
        countedCash: [cash],
        countedTenders: [{ method: 'card', minor: cardExpected.minor - 100, currency: 'USD' }],
        cashCounts: [{ currency: 'USD', counts }],
        note: 'A card slip is missing',
        basis: preview.open.basis,
      });
      await inSync();

      const shippedClose = await ho.admin.query(
        `SELECT sequence, counted_cash, float, tenders, cash_counts FROM chain.closes WHERE store_id = 'LIS' AND id = $1`,
        [closed.id],
      );
      expect(shippedClose.rows).toEqual([
        {
          sequence: 1,
          counted_cash: [cash],
          float: [{ currency: 'USD', minor: 5000 }],
          tenders: [
            {
              method: 'card',
              currency: 'USD',
              expected: cardExpected.minor,
              counted: cardExpected.minor - 100,
              difference: -100,
            },
          ],
          cash_counts: [{ currency: 'USD', counts }],
        },
      ]);
      const shippedRefund = await ho.admin.query(`SELECT iccids, esims FROM chain.refunds WHERE store_id = 'LIS' AND id = $1`, [
        refund.id,
      ]);
      expect(shippedRefund.rows).toEqual([
        {
          iccids: [a],
          esims: [
            {
              iccid: a,
              sale_id: card.id,
              order_id: expect.any(String),
              baseline: 'completed',
              order_status: 'partially_refunded',
              state: 'refunded',
              requested_at: expect.any(String),
              decided_at: expect.any(String),
            },
          ],
        },
      ]);
      expect(JSON.stringify(shippedRefund.rows)).not.toContain(b);
      // The head office's Closes report (page and --json) shows the float and the card's difference.
      const report = csvTable(await closes(ho.admin, { from: today(), to: today(), environment: 'partner_sandbox' }));
      const line = Object.fromEntries(report.columns.map((c, i) => [c, report.rows[0]![i]]));
      // Money in its currency's decimals, never minor units shown as dollars.
      expect(line).toMatchObject({
        store_id: 'LIS',
        float: '50.00 USD',
        counted_cash: `${toDecimalString(cash)} USD`,
        tender_difference: 'card -1.00 USD',
      });

      // As after a crash between PostgreSQL's commit and the outbox's delete: the rows come again
      // with the versions the head office holds, and an older copy of the close (before its
      // counts) comes too. Neither may change a thing.
      const snapshot = async () =>
        (
          await ho.admin.query(
            `SELECT 'close' AS t, id, version, shipped_at, to_jsonb(c) AS row FROM chain.closes c WHERE store_id = 'LIS'
             UNION ALL
             SELECT 'refund', id, version, shipped_at, to_jsonb(r) FROM chain.refunds r WHERE store_id = 'LIS' ORDER BY 1, 2`,
          )
        ).rows;
      const before = await snapshot();
      const db = counter.backend.db;
      const put = db.prepare('INSERT INTO chain_outbox (seq, kind, row_id, payload) VALUES (?, ?, ?, ?)');
      const closeRow = before.find((r) => r.t === 'close' && r.id === closed.id)!;
      const refundRow = before.find((r) => r.t === 'refund' && r.id === refund.id)!;
      const view = (name: string, id: string) =>
        (db.prepare(`SELECT payload FROM ${name} WHERE id = ?`).get(id) as { payload: string }).payload;
      const stale = { ...JSON.parse(view('chain_close_rows', closed.id)), float: null, tenders: null, cash_counts: [] };
      // One batch each: within a batch only a row's newest copy is sent at all.
      put.run(Number(closeRow.version) - 2, 'close', closed.id, JSON.stringify(stale));
      await inSync();
      db.transaction(() => {
        put.run(Number(closeRow.version), 'close', closed.id, view('chain_close_rows', closed.id));
        put.run(Number(refundRow.version), 'refund', refund.id, view('chain_refund_rows', refund.id));
      })();
      await inSync();
      expect(await snapshot()).toEqual(before);

      // The new columns are in the same tables: another store's role sees none of them.
      const other = await connect(await ho.storeUrl('OPO'));
      try {
        const seen = await other.query(
          'SELECT count(*)::int AS n FROM chain.closes UNION ALL SELECT count(*)::int FROM chain.refunds',
        );
        expect(seen.rows).toEqual([{ n: 0 }, { n: 0 }]);
      } finally {
        await other.end();
      }
    });
  },
);
