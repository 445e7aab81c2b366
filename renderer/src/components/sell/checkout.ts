import type { PackageOffer } from '../../../../shared/catalog.ts';
import { normalizeIccid } from '../../../../shared/iccid.ts';
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

/**
 * The ICCID in what was typed or scanned into the country search, or null. No country is named in
 * 18 to 22 digits starting with 89, so this never takes a country search away from the clerk.
 */
export function iccidTyped(text: string): string | null {
  const result = normalizeIccid(text);
  return result.ok ? result.iccid : null;
}
