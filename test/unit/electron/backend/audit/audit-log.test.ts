import { beforeEach, describe, expect, it } from 'vitest';
import { appendAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { auditEntries, recordRefusedCall } from '../../../../../electron/backend/audit/service.ts';
import { createStaffService } from '../../../../../electron/backend/staff/service.ts';

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});

describe('the audit log as the back office reads it', () => {
  it('lists newest first, each actor by the name they have now, filtered as asked', async () => {
    const staff = createStaffService(db, { scrypt: { N: 2 ** 15, r: 8, p: 1 } });
    const created = await staff.create({ name: 'Maria', role: 'manager', pin: '2468' }, null);
    if (!created.ok) throw new Error(created.error.message);
    const maria = created.value.id;
    appendAudit(db, { action: 'sale.completed', actorStaffId: maria, subject: 'sale-1', details: { total: 5 } });
    recordRefusedCall(db, { method: 'reports.day', code: 'signed_out', staffId: null, at: '2026-11-22T10:00:00.000Z' });
    await staff.rename(maria, 'Maria K.', maria);

    const [newest, ...older] = auditEntries(db, { limit: 100 });
    expect(older.length).toBeGreaterThan(1);
    expect(newest).toMatchObject({ action: 'staff.renamed', actorName: 'Maria K.' });
    expect(auditEntries(db, { limit: 10, action: 'rpc.' })).toEqual([
      {
        seq: expect.any(Number),
        at: '2026-11-22T10:00:00.000Z',
        actorStaffId: null,
        actorName: null,
        action: 'rpc.refused',
        subject: 'reports.day',
        details: { code: 'signed_out' },
      },
    ]);
    expect(auditEntries(db, { limit: 10, subject: 'sale-1', staffId: maria })).toMatchObject([
      { action: 'sale.completed', actorName: 'Maria K.', details: { total: 5 } },
    ]);
    expect(auditEntries(db, { limit: 1 })).toHaveLength(1);
  });
});
