import { describe, expect, it } from 'vitest';
import { transitionOrder } from '../../../../../../electron/backend/orders/db.ts';
import { insertCompletedSale, seedStaff, tempJournal } from '../../../../../support/journal.ts';
import { SALE_STATUSES, STATUS_TRANSITIONS } from '../../../../../../shared/sales.ts';

const AT = '2026-11-24T10:00:00.000Z';

describe('migration 0008: a completed sale or top-up is final', () => {
  it('refuses any status change out of completed, even by hand, and allows other edits', async () => {
    const { db } = tempJournal();
    const { clerk } = await seedStaff(db);
    insertCompletedSale(db, {
      id: 's1',
      reference: 'EC-20261124-AAAAAAAA',
      staffId: clerk.staffId,
      iccids: ['8944000000000000016'],
    });
    for (const to of SALE_STATUSES.filter((s) => s !== 'completed')) {
      expect(() => db.prepare('UPDATE sales SET status = ? WHERE id = ?').run(to, 's1')).toThrow(
        /a completed sale cannot change status/,
      );
    }
    expect(db.prepare('UPDATE sales SET updated_at = ? WHERE id = ?').run(AT, 's1').changes).toBe(1);
    expect((db.prepare('SELECT status FROM sales WHERE id = ?').get('s1') as { status: string }).status).toBe('completed');
  });
});

describe('the state machine, declared once', () => {
  it('lets transitionOrder make only the moves shared/sales.ts allows', async () => {
    const { db } = tempJournal();
    const { clerk } = await seedStaff(db);
    insertCompletedSale(db, {
      id: 's1',
      reference: 'EC-20261124-BBBBBBBB',
      staffId: clerk.staffId,
      iccids: ['8944000000000000016'],
      status: 'pending',
      completedAt: null,
    });
    expect(() => transitionOrder(db, 'sales', 's1', ['pending'], 'completed', {}, AT)).toThrow(
      'sales: no transition from pending to completed',
    );
    expect(transitionOrder(db, 'sales', 's1', ['pending'], 'submitting', {}, AT)).toBe(true);
    expect(() => transitionOrder(db, 'sales', 's1', ['completed'], 'failed', {}, AT)).toThrow(/no transition/);
  });

  it('has completed final and every other status with a way forward', () => {
    expect(STATUS_TRANSITIONS.completed).toEqual([]);
    for (const status of SALE_STATUSES.filter((s) => s !== 'completed')) {
      expect(STATUS_TRANSITIONS[status].length).toBeGreaterThan(0);
    }
  });
});
