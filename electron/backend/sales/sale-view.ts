/** A sale as a screen or a caller sees it: its row, its eSIMs (masked unless revealed), its void, its place in the offline queue. */
import type Database from 'better-sqlite3';
import { money, multiplyMoney } from '../../../shared/money.ts';
import type { SaleView, SaleVoid } from '../../../shared/sales.ts';
import { deliveryOf } from '../delivery/service.ts';
import { failureOf } from '../orders/failure.ts';
import { taxedTotal } from '../pricing/service.ts';
import { listEsimsOfSale, type SaleRow } from './db.ts';
import { getOfflineSale } from './db-offline.ts';
import { getVoid, type VoidRow } from './db-voids.ts';
import { offlineView } from './offline-state.ts';

export function saleView(
  db: Database.Database,
  sale: SaleRow,
  context: { readonly revealed: boolean; readonly region: string | null; readonly nowMs: number },
): SaleView {
  const { revealed, nowMs } = context;
  const unit = money(sale.unitRetailMinor, sale.retailCurrency);
  const offline = getOfflineSale(db, sale.id);
  return {
    id: sale.id,
    reference: sale.reference,
    status: sale.status,
    ...(offline ? offlineView(offline, sale.status, nowMs) : {}),
    packageId: sale.packageId,
    packageTitle: sale.packageTitle,
    packageData: sale.packageData,
    packageDays: sale.packageDays,
    countryCode: sale.packageCountryCode,
    region: context.region,
    quantity: sale.quantity,
    unitPrice: unit,
    ...taxedTotal(multiplyMoney(unit, sale.quantity), sale),
    paymentMethod: sale.paymentMethod,
    customerEmail: sale.customerEmail,
    staffId: sale.staffId,
    partnerOrderCode: sale.partnerOrderCode,
    ...failureOf(sale, nowMs),
    attempts: sale.attempts,
    createdAt: sale.createdAt,
    completedAt: sale.completedAt,
    voided: voidOf(getVoid(db, sale.id)),
    delivery: deliveryOf(sale),
    esims: listEsimsOfSale(db, sale.id).map((esim) => ({
      iccid: esim.iccid,
      qrcode: revealed ? esim.qrcode : null,
      appleInstallUrl: revealed ? esim.appleInstallationUrl : null,
      masked: !revealed,
    })),
  };
}

const voidOf = (row: VoidRow | undefined): SaleVoid | null =>
  row ? { at: row.voidedAt, byStaffId: row.voidedBy, reason: row.reason } : null;
