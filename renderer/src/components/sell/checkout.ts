import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { PaymentMethod } from '../../../../shared/sales.ts';

/** What the clerk has entered for the sale being prepared. */
export type Checkout = {
  /** Made when the checkout opens: a repeated create with it returns the same sale, never a second one. */
  saleId: string;
  offer: PackageOffer;
  quantity: number;
  paymentMethod: PaymentMethod | null;
  email: string;
};

export const PAYMENT_LABEL: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

export const MAX_QUANTITY = 10;
