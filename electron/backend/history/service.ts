/**
 * History's lines: sales (each with its eSIMs' refund states), top-ups and voucher batches, found by one search
 * and viewed as the person asking may see them (a sale's codes stay masked unless approved).
 */
import type Database from 'better-sqlite3';
import type { HistoryEntry } from '../../../shared/history.ts';
import { searchHistory, type HistoryQuery } from './db.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { RefundsService } from '../refunds/service.ts';
import type { SalesService } from '../sales/service.ts';
import type { TopupsService } from '../topups/service.ts';
import type { VoucherService } from '../vouchers/service.ts';

export function historyEntries(
  deps: {
    db: Database.Database;
    sales: SalesService;
    topups: TopupsService;
    vouchers: VoucherService;
    refunds: RefundsService;
  },
  query: HistoryQuery,
  viewer: StaffSession | null,
): HistoryEntry[] {
  const rows = searchHistory(deps.db, query);
  const refunds = deps.refunds.refundsOfSales(rows.flatMap((r) => (r.kind === 'sale' ? [r.row.id] : [])));
  return rows.map((r): HistoryEntry => {
    switch (r.kind) {
      case 'sale':
        return { kind: 'sale', at: r.at, sale: deps.sales.viewOf(r.row, viewer), refunds: refunds.get(r.row.id) ?? [] };
      case 'topup':
        return { kind: 'topup', at: r.at, topup: deps.topups.viewOf(r.row) };
      case 'voucher':
        return { kind: 'voucher', at: r.at, voucher: deps.vouchers.viewOf(r.row) };
    }
  });
}
