/**
 * History of everything the counter sold (sales, top-ups and voucher batches, found by one search), an eSIM's
 * packages as the service holds them, and the refund state of each eSIM.
 */
import type { SaleView, TopupView } from './sales.ts';
import type { VoucherBatchView } from './vouchers.ts';

/**
 * Where an eSIM's latest refund request stands: with the service for review, refunded (its order
 * says so), unclear (its order was refunded in part and the service does not say which eSIMs), or
 * refused at once by the service.
 */
export const ESIM_REFUND_STATES = ['in_review', 'refunded', 'unclear', 'refused'] as const;
export type EsimRefundState = (typeof ESIM_REFUND_STATES)[number];

export type EsimRefund = {
  readonly iccid: string;
  readonly requestId: string;
  readonly state: EsimRefundState;
  readonly requestedAt: string;
};

/** One line of History, newest first: a sale (with its eSIMs' refunds), a top-up or a batch of vouchers. */
export type HistoryEntry =
  | { readonly kind: 'sale'; readonly at: string; readonly sale: SaleView; readonly refunds: readonly EsimRefund[] }
  | { readonly kind: 'topup'; readonly at: string; readonly topup: TopupView }
  | { readonly kind: 'voucher'; readonly at: string; readonly voucher: VoucherBatchView };

/** One package the eSIM has had, the first one and every top-up, as the service lists them. */
export type EsimPackage = {
  readonly id: number;
  /** ACTIVE, NOT_ACTIVE, FINISHED, EXPIRED, UNKNOWN, or another word the service uses. */
  readonly status: string;
  readonly kind: 'sim' | 'topup';
  readonly packageId: string;
  /** As the service writes them (data: `3 GB`), shown as they came. */
  readonly title: string;
  readonly data: string;
  readonly days: number;
  readonly isUnlimited: boolean;
  /** MB left; null for an unlimited package. */
  readonly remainingMb: number | null;
  /** ISO-8601 UTC; null until it happens. */
  readonly activatedAt: string | null;
  readonly expiresAt: string | null;
  readonly finishedAt: string | null;
};

export type EsimPackages = {
  readonly iccid: string;
  /** In the service's order: the package the eSIM was sold with, then its top-ups. */
  readonly packages: readonly EsimPackage[];
  /** When the service gave this list. */
  readonly asOf: string;
  readonly fromCache: boolean;
};

/** How often the counter may send a refund request (the service's limit), and when the next may go. */
export type RefundLimit = {
  readonly requests: number;
  readonly windowSeconds: number;
  /** ISO-8601 UTC; null when one may be sent now. */
  readonly nextAt: string | null;
};
