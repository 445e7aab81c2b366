/** eSIM vouchers: codes bought from the partner for one package, printed as gift cards. */
import type { Money } from './money.ts';
import type { VOUCHER_MACHINE } from './order-machine.ts';
import type { PaymentMethod } from './sales.ts';

/** A batch's reference: the booking reference the clerk gave, else the start of its id (electron/backend/vouchers/db.ts). */
export const voucherReference = (batch: Pick<VoucherBatchView, 'id' | 'bookingReference'>): string =>
  batch.bookingReference ?? batch.id.slice(0, 8).toUpperCase();

/** The partner takes up to 100 codes of one package per request. */
export const MAX_VOUCHERS = 100;

/**
 * `submitting` until the service answers; `uncertain` when the answer was lost after sending;
 * `failed` when the service certainly made none (shared/order-machine.ts).
 */
export type VoucherBatchStatus = (typeof VOUCHER_MACHINE.statuses)[number];

export type VoucherBatchView = {
  readonly id: string;
  readonly status: VoucherBatchStatus;
  readonly packageId: string;
  /** "Operator 1 GB - 7 Days", as the catalogue named it when the codes were bought. */
  readonly packageTitle: string;
  readonly packageData: string;
  readonly packageDays: number;
  /** Where the package works: a country code for a local package, else null (see coverageName). */
  readonly countryCode: string | null;
  readonly coverageName: string;
  readonly quantity: number;
  readonly bookingReference: string | null;
  /** The codes the service made, in its order; empty until completed. */
  readonly codes: readonly string[];
  /** What the gift card says it is worth: the package's retail price when the codes were made. */
  readonly unitPrice: Money;
  /** How the customer paid; null for batches made before the counter asked. */
  readonly paymentMethod: PaymentMethod | null;
  readonly staffId: string;
  readonly createdAt: string;
  readonly completedAt: string | null;
  /** The last time its gift cards were printed; null if never. */
  readonly printedAt: string | null;
  /** The service's refusal, quoted as it said it (failed batches only). */
  readonly refusal: string | null;
};
