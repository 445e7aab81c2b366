import type { PackageOffer } from '../../../../shared/catalog.ts';
import { normalizeIccid } from '../../../../shared/iccid.ts';
import type { PaymentMethod } from '../../../../shared/sales.ts';
import type { SharingOption } from '../../../../shared/delivery.ts';
import { i18n } from '../../i18n/i18n.ts';

/** What the clerk has entered for the sale being prepared. */
export type Checkout = {
  /** Made when the checkout opens: a repeated create with it returns the same sale, never a second one. */
  saleId: string;
  offer: PackageOffer;
  /** For a regional or global package: the country the clerk chose it for, which it covers. */
  destination: string | null;
  quantity: number;
  paymentMethod: PaymentMethod | null;
  email: string;
  /** How the service e-mails the eSIM and under which brand; null: the store's defaults (EmailDelivery.tsx). */
  delivery?: CheckoutDelivery | null;
  /** For a later date (a future order, order-kind.ts); null or absent sells now. */
  later?: LaterChoice | null;
};

export type CheckoutDelivery = { sharing: SharingOption[]; copyToStore: boolean; brand: string | null };

/** The departure date and, optionally, the time, in the store's time zone; '' while not chosen. */
export type LaterChoice = { readonly date: string; readonly time: string };

/** The country the clerk had chosen, when `offer` is a regional or global package that covers it. */
export function destinationFor(offer: PackageOffer, selected: string | null): string | null {
  if (offer.kind === 'local' || !selected || !/^[A-Z]{2}$/.test(selected)) return null;
  return offer.countries.includes(selected) ? selected : null;
}

/** "Cash", "Card", "Other" in the reader's language: how the customer paid. */
export function paymentWords(method: PaymentMethod): string {
  return i18n.t(`common:payment.${method}`);
}

/**
 * The ICCID in what was typed or scanned into the country search, or null. No country is named in
 * 18 to 22 digits starting with 89, so this never takes a country search away from the clerk.
 */
export function iccidTyped(text: string): string | null {
  const result = normalizeIccid(text);
  return result.ok ? result.iccid : null;
}
