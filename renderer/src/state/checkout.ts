import type { StateCreator } from 'zustand';
import type { PackageOffer } from '../../../shared/catalog.ts';
import { destinationFor, type Checkout } from '../counter/sell/checkout.ts';
import type { StoreState } from './store.ts';

export type SellStep = 'choose' | 'details' | 'confirm';

/** What the clerk entered that does not depend on the package: it stays when the package changes. */
export type CheckoutEntries = Pick<Checkout, 'quantity' | 'paymentMethod' | 'email' | 'delivery' | 'later'>;

const FRESH: CheckoutEntries = { quantity: 1, paymentMethod: null, email: '', delivery: null, later: null };

/**
 * The sale being prepared on the Sell screen. It lives in the store, not in the screen, so that
 * opening another screen, or locking the counter, leaves the clerk's work where it was.
 */
export type CheckoutSlice = {
  sellStep: SellStep;
  /** The open checkout: a package is chosen. */
  checkout: Checkout | null;
  /** Quantity, payment and e-mail kept while the clerk goes back for another package. */
  entries: CheckoutEntries;
  /** Packages the service said were sold out during this sale. */
  soldOut: readonly string[];
  pickOffer(offer: PackageOffer): void;
  editCheckout(patch: Partial<CheckoutEntries>): void;
  /** The same package, a new sale id: the failed sale's is spent (taken offline after an unreachable service). */
  renewSaleId(): void;
  setSellStep(step: SellStep): void;
  /** Back to the packages, keeping quantity, payment and e-mail for the next package. */
  backToPackages(): void;
  markSoldOut(packageId: string): void;
  /** Forgets the whole draft: New sale, Start over, or another person at the counter. */
  resetCheckout(): void;
};

export const createCheckoutSlice: StateCreator<StoreState, [], [], CheckoutSlice> = (set, get) => ({
  sellStep: 'choose',
  checkout: null,
  entries: FRESH,
  soldOut: [],

  pickOffer(offer) {
    // A new checkout, a new sale id: the id is what makes a double click sell once, and a failed
    // sale's id is spent.
    get().clearSale();
    const destination = destinationFor(offer, get().selectedCountry);
    set({ checkout: { saleId: crypto.randomUUID(), offer, destination, ...get().entries }, sellStep: 'details' });
  },

  editCheckout(patch) {
    const { checkout, entries } = get();
    set({ entries: { ...entries, ...patch }, checkout: checkout && { ...checkout, ...patch } });
  },

  renewSaleId() {
    get().clearSale();
    const checkout = get().checkout;
    set({ checkout: checkout && { ...checkout, saleId: crypto.randomUUID() } });
  },

  setSellStep(step) {
    set({ sellStep: step });
  },

  backToPackages() {
    get().clearSale();
    set({ checkout: null, sellStep: 'choose' });
  },

  markSoldOut(packageId) {
    const { soldOut } = get();
    if (!soldOut.includes(packageId)) set({ soldOut: [...soldOut, packageId] });
  },

  resetCheckout() {
    set({ checkout: null, sellStep: 'choose', entries: FRESH, soldOut: [] });
  },
});

/** Whether the draft holds anything the clerk entered beyond the country. */
export function hasEntries(entries: CheckoutEntries): boolean {
  return (
    entries.quantity !== FRESH.quantity ||
    entries.paymentMethod !== null ||
    entries.email.trim() !== '' ||
    (entries.later ?? null) !== null
  );
}
