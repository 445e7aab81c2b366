import { create } from 'zustand';
import { MAX_BASKET_LINES } from '../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { PaymentMethod, TopupOffer } from '../../../../shared/sales.ts';
import type { BasketItem } from './basket-items.ts';

/** A package line's eSIMs: as many as `baskets.create` takes on one line. */
export const MAX_QUANTITY = 10;

type Draft = {
  /** Whose basket: another clerk at the counter starts an empty one. */
  staffId: string | null;
  /** Made when the basket is started: the same basket however often it is sent (a double click, a lost answer). */
  basketId: string;
  items: readonly BasketItem[];
  payment: PaymentMethod | null;
  startFor(staffId: string): void;
  addPackage(offer: PackageOffer): void;
  addTopup(iccid: string, offer: TopupOffer): void;
  setQuantity(index: number, quantity: number): void;
  remove(index: number): void;
  setPayment(payment: PaymentMethod): void;
  /** Sold or emptied: the next basket is a new one. */
  clear(): void;
};

const empty = () => ({ basketId: crypto.randomUUID(), items: [], payment: null });

/**
 * The basket being filled: kept while the clerk looks elsewhere (a device check, a usage lookup)
 * and comes back; a package added again is one more eSIM on its line, not a second line.
 */
export const useBasketDraft = create<Draft>()((set, get) => ({
  staffId: null,
  ...empty(),
  startFor(staffId) {
    if (get().staffId !== staffId) set({ staffId, ...empty() });
  },
  addPackage(offer) {
    const items = get().items;
    const at = items.findIndex((item) => item.kind === 'sale' && item.offer.id === offer.id);
    const line = items[at];
    if (line?.kind === 'sale') {
      get().setQuantity(at, line.quantity + 1);
      return;
    }
    if (items.length < MAX_BASKET_LINES) set({ items: [...items, { kind: 'sale', offer, quantity: 1 }] });
  },
  addTopup(iccid, offer) {
    const items = get().items;
    if (items.length < MAX_BASKET_LINES) set({ items: [...items, { kind: 'topup', iccid, offer }] });
  },
  setQuantity(index, quantity) {
    set({
      items: get().items.map((item, i) =>
        i === index && item.kind === 'sale' ? { ...item, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) } : item,
      ),
    });
  },
  remove(index) {
    set({ items: get().items.filter((_, i) => i !== index) });
  },
  setPayment(payment) {
    set({ payment });
  },
  clear() {
    set(empty());
  },
}));
