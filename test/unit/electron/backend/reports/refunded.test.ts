import { describe, expect, it } from 'vitest';
import { openJournalInMemory } from '../../../../../electron/backend/journal/open.ts';
import { recordRefundedEsim } from '../../../../../electron/backend/refunds/db.ts';
import { buildReport } from '../../../../../electron/backend/reports/report.ts';
import { soldEsims } from '../../../../../shared/reports.ts';

type Db = ReturnType<typeof openJournalInMemory>;

/** A completed sale of `quantity` eSIMs at `at`, $10 each (tax added on top when `tax`), costing $6 each. */
function sale(db: Db, id: string, at: string, quantity: number, tax = 0) {
  db.prepare(
    `INSERT INTO sales (id, reference, status, package_id, package_title, package_country_code, package_data, package_days, quantity,
       unit_retail_minor, retail_currency, unit_net_minor, unit_cost_minor, net_currency, tax_mode, tax_rate_ppm, tax_minor,
       payment_method, staff_id, attempts, created_at, updated_at)
     VALUES (?, ?, 'pending', 'p', 'P', 'DE', '1 GB', 7, ?, 1000, 'USD', 600, 600, 'USD', ?, 0, ?, 'cash', 'a', 1, ?, ?)`,
  ).run(id, `EC-${id}`, quantity, tax ? 'added' : 'included', tax, at, at);
  db.prepare("UPDATE sales SET status = 'completed', completed_at = created_at WHERE id = ?").run(id);
  for (let i = 0; i < quantity; i++) {
    db.prepare(`INSERT INTO esims (id, sale_id, iccid, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`).run(
      `${id}-${i}`,
      id,
      `89440000000000${id.padStart(3, '0')}${i}0`,
      at,
      at,
    );
  }
}

const iccid = (id: string, i: number) => `89440000000000${id.padStart(3, '0')}${i}0`;

describe('refunded eSIMs in the reports', () => {
  it('counts them apart from those sold, by the day of their sale, at what the customer paid and the partner’s cost', () => {
    const db = openJournalInMemory();
    db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('a', 'Ana', 'clerk', 'x', 'x', 'n', 'n')`,
    ).run();
    sale(db, '1', '2026-11-20T09:00:00.000Z', 3, 90);
    sale(db, '2', '2026-11-20T10:00:00.000Z', 1);
    sale(db, '3', '2026-11-21T10:00:00.000Z', 2);
    const day = () => buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-20', timeZone: 'UTC' });
    const before = day();
    expect(before.totals.refunded).toBeUndefined();
    expect(soldEsims(before.totals)).toBe(4);

    const at = '2026-12-01T00:00:00.000Z';
    recordRefundedEsim(db, { iccid: iccid('1', 0), saleId: '1', requestId: null, at });
    recordRefundedEsim(db, { iccid: iccid('2', 0), saleId: '2', requestId: null, at });
    recordRefundedEsim(db, { iccid: iccid('3', 1), saleId: '3', requestId: null, at });
    // Seen twice, kept once.
    recordRefundedEsim(db, { iccid: iccid('2', 0), saleId: '2', requestId: null, at });
    const after = day();
    // The sale with tax added: the customer paid $30 + $0.90 for three, so $10.30 for one.
    expect(after.totals.refunded).toEqual({
      esims: 2,
      value: [{ minor: 1030 + 1000, currency: 'USD' }],
      cost: [{ minor: 1200, currency: 'USD' }],
    });
    expect(after.totals.esims).toBe(4);
    expect(soldEsims(after.totals)).toBe(2);
    // What the till took does not change.
    expect(after.totals.revenue).toEqual(before.totals.revenue);
    expect(after.byPaymentMethod).toEqual(before.byPaymentMethod);
    const both = buildReport(db, { fromDate: '2026-11-20', toDate: '2026-11-21', timeZone: 'UTC' });
    expect(both.totals.refunded?.esims).toBe(3);
  });
});
