import type { AppError } from './errors.ts';
import type { Money } from './money.ts';
import type { PaymentMethod } from './sales.ts';

/**
 * A line's outcome as the customer pays for it: `issued` (the eSIM or the top-up is there),
 * `failed` (nothing was made and nothing is charged), `checking` (sent, its outcome not known yet:
 * never sent again, looked up until it is), `waiting` (not sent yet: the basket was cut off before
 * it; asking for the basket again sends it).
 */
export type BasketLineStatus = 'issued' | 'failed' | 'checking' | 'waiting';

export type BasketLineView = {
  readonly index: number;
  readonly kind: 'sale' | 'topup';
  /** The sale's or top-up's id (sales.get / topups.get). */
  readonly orderId: string;
  readonly packageId: string;
  readonly quantity: number;
  readonly iccid: string | null;
  readonly status: BasketLineStatus;
  /** The sale's or top-up's own status; null while the line waits or when it was refused before any order. */
  readonly orderStatus: string | null;
  readonly reference: string | null;
  /** What the line charges: its total once issued, or while being checked; null otherwise. */
  readonly total: Money | null;
  /** Why a failed line failed, when it was refused before any order was written. */
  readonly refusal: AppError | null;
};

export type BasketView = {
  readonly id: string;
  readonly paymentMethod: PaymentMethod;
  readonly createdAt: string;
  readonly lines: readonly BasketLineView[];
  /** The sum of the issued lines, per currency: what the customer pays now. */
  readonly charged: readonly Money[];
  /** The sum of the lines still being checked, per currency: to be paid if they turn out issued. */
  readonly checking: readonly Money[];
};

/** Lines in one basket: a family's or a small group's, not a tour group's (group orders). */
export const MAX_BASKET_LINES = 20;
