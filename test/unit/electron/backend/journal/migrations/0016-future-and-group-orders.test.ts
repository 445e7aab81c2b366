import { describe, expect, it } from 'vitest';
import {
  insertFutureOrder,
  transitionFutureOrder,
  type FutureOrderRow,
} from '../../../../../../electron/backend/later-orders/db-future.ts';
import { insertGroupOrder } from '../../../../../../electron/backend/later-orders/db-group.ts';
import { insertCompletedSale, seedStaff, tempJournal } from '../../../../../support/journal.ts';

const at = '2026-11-24T10:00:00.000Z';

describe('migration 0016: future and group orders', () => {
  it('keeps a group order only for a sale on file', async () => {
    const { db } = tempJournal();
    const { clerk } = await seedStaff(db);
    expect(() => insertGroupOrder(db, 'nope', at)).toThrow(/FOREIGN KEY/);
    insertCompletedSale(db, { id: 'g1', reference: 'EC-20261124-GROUP001', staffId: clerk.staffId, iccids: [], quantity: 20 });
    insertGroupOrder(db, 'g1', at);
    expect(db.prepare('SELECT checks, failed_seen AS failedSeen FROM group_orders').get()).toEqual({ checks: 0, failedSeen: 0 });
  });

  it('holds a settled future order to its end, and a fulfilled one to its sale', async () => {
    const { db } = tempJournal();
    const { clerk } = await seedStaff(db);
    const row = (id: string): FutureOrderRow => ({
      id,
      reference: `EC-20261124-${id.toUpperCase().padEnd(8, 'X')}`,
      status: 'scheduled',
      packageId: 'de-5gb-30d',
      quantity: 2,
      customerEmail: 'a@example.com',
      staffId: clerk.staffId,
      dueAt: '2026-12-01T00:00:00.000Z',
      dueMinute: '2026-12-01 00:00',
      requestId: 'r'.repeat(25),
      latestCancellationAt: '2026-11-30T00:00:00.000Z',
      partnerStatus: 'pending',
      failureCode: null,
      failureReason: null,
      attempts: 1,
      sale: '{}',
      saleId: null,
      createdAt: at,
      updatedAt: at,
      submittedAt: at,
      checkedAt: null,
      settledAt: null,
    });
    insertFutureOrder(db, row('a'));
    expect(() => insertFutureOrder(db, { ...row('b'), dueMinute: '2026-12-01T00:00' })).toThrow(/CHECK/);
    expect(() => insertFutureOrder(db, { ...row('c'), quantity: 51 })).toThrow(/CHECK/);
    // Fulfilled means its sale is on file.
    expect(() => db.prepare("UPDATE future_orders SET status = 'fulfilled' WHERE id = 'a'").run()).toThrow(/CHECK/);
    expect(() => transitionFutureOrder(db, 'a', ['scheduled'], 'cancelled', {}, at)).toThrow(/no transition/);
    expect(transitionFutureOrder(db, 'a', ['scheduled'], 'cancelling', {}, at)).toBe(true);
    expect(transitionFutureOrder(db, 'a', ['cancelling'], 'cancelled', { settledAt: at }, at)).toBe(true);
    expect(() => db.prepare("UPDATE future_orders SET status = 'scheduled' WHERE id = 'a'").run()).toThrow(
      /settled future order/,
    );
    expect(() => transitionFutureOrder(db, 'a', ['cancelled'], 'scheduled', {}, at)).toThrow(/no transition/);
  });
});
