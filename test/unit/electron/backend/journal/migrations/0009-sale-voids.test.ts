import { describe, expect, it } from 'vitest';
import { insertVoid } from '../../../../../../electron/backend/sales/db-voids.ts';
import { insertCompletedSale, seedStaff, tempJournal } from '../../../../../support/journal.ts';

describe('migration 0009: voids of sales the service never got', () => {
  it('takes a void only for a failed or not-found sale, with a reason, and never changes or removes it', async () => {
    const { db } = tempJournal();
    const { manager } = await seedStaff(db);
    const sale = (id: string, status: 'completed' | 'failed') =>
      insertCompletedSale(db, {
        id,
        reference: `EC-20261124-${id.toUpperCase().padEnd(8, 'X')}`,
        staffId: manager.staffId,
        iccids: [],
        quantity: 1,
        status,
        completedAt: status === 'completed' ? '2026-11-24T10:00:00.000Z' : null,
      });
    sale('done', 'completed');
    sale('gone', 'failed');
    const row = (saleId: string, reason = 'money back') => ({
      saleId,
      voidedAt: '2026-11-24T11:00:00.000Z',
      voidedBy: manager.staffId,
      reason,
    });
    expect(() => insertVoid(db, row('done'))).toThrow(/only a sale the service never got/);
    expect(() => insertVoid(db, row('gone', ' '))).toThrow(/CHECK constraint/);
    insertVoid(db, row('gone'));
    expect(() => db.prepare("UPDATE sale_voids SET reason = 'x'").run()).toThrow(/cannot be changed/);
    expect(() => db.prepare("UPDATE sales SET status = 'submitting' WHERE id = 'gone'").run()).toThrow(/voided/);
  });
});
