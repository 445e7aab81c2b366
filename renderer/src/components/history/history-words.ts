import { iccidSearchDigits } from '../../../../shared/iccid.ts';
import type { SaleStatus, SaleView } from '../../../../shared/sales.ts';

export const STATUS_LABEL: Record<SaleStatus, string> = {
  pending: 'Being sent',
  submitting: 'Being sent',
  completed: 'Sold',
  failed: 'Failed',
  uncertain: 'Being checked',
  not_found: 'Not issued',
};

/** The status a clerk reads: a voided sale says so, whatever the service last said of it. */
export function statusLabel(sale: Pick<SaleView, 'status' | 'voided'>): string {
  return sale.voided ? 'Voided' : STATUS_LABEL[sale.status];
}

/**
 * Which eSIM of a sale a search found, when the search was for (part of) an ICCID: the row and the
 * opened sale show that one, not the sale's first. -1 when the search was for something else.
 */
export function matchedEsim(sale: SaleView, query: string | null): number {
  const digits = query === null ? null : iccidSearchDigits(query.trim());
  return digits === null ? -1 : sale.esims.findIndex((e) => e.iccid.includes(digits));
}
