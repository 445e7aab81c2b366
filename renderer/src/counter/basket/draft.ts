import { create } from 'zustand';
import { MAX_BASKET_LINES, type BasketView } from '../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { PaymentMethod, TopupOffer } from '../../../../shared/sales.ts';
import { useStore } from '../../state/store.ts';
import { basketLine, linesOf, type BasketItem } from './basket-items.ts';
import { sendBasket } from './send.ts';

/** A package line's eSIMs: as many as `baskets.create` takes on one line. */
export const MAX_QUANTITY = 10;

export type SoldBasket = { readonly basket: BasketView; readonly items: readonly BasketItem[] };

type Draft = {
  /** Whose basket: another clerk at the counter starts an empty one. */
  staffId: string | null;
  /** Made when the basket is started: the same basket however often it is sent (a double click, a lost answer). */
  basketId: string;
  items: readonly BasketItem[];
  payment: PaymentMethod | null;
  /** Sending, or sent with no answer and none read back: nothing may change until it is known. */
  sending: boolean;
  /** The last send's outcome is not known (no answer, and the basket could not be read back). */
  unsure: boolean;
  error: AppError | null;
  /** Every set of lines sent under `basketId`, to name the lines of a basket read back. */
  attempts: readonly (readonly BasketItem[])[];
  /** The answer: kept until Done, so a clerk who looks elsewhere comes back to it. */
  sold: SoldBasket | null;
  startFor(staffId: string | null): void;
  addPackage(offer: PackageOffer): void;
  addTopup(iccid: string, offer: TopupOffer): void;
  setQuantity(index: number, quantity: number): void;
  remove(index: number): void;
  setPayment(payment: PaymentMethod): void;
  /** Empties the basket not yet sent. */
  clear(): void;
  /** Sends the lines (again, after an unsure send: the same id, the same lines). */
  sell(): Promise<void>;
  /** The sold basket read again (a line checked, the rest sent). */
  update(basket: BasketView): void;
  /** Done with a sold basket: the next is a new one. */
  finish(): void;
  /**
   * A basket sent from elsewhere (a trip's whole option) whose answer is not known: kept here, with
   * its Try again, when nothing else is in the basket. False when the basket holds something.
   */
  adopt(basket: { basketId: string; items: readonly BasketItem[]; payment: PaymentMethod; error: AppError }): boolean;
};

const empty = () => ({
  basketId: crypto.randomUUID(),
  items: [],
  payment: null,
  sending: false,
  unsure: false,
  error: null,
  attempts: [],
  sold: null,
});

const shape = (lines: readonly unknown[]) => JSON.stringify(lines);

/** A basket sent whose answer is not closed yet (sending, unsure, or sold and not Done): it must not be lost. */
type Parked = Pick<Draft, 'basketId' | 'items' | 'payment' | 'attempts' | 'sold'> & { readonly unsure: boolean };

const PARKED_KEY = 'esim-counter.baskets';

/**
 * Baskets sent and not closed, by clerk, kept in this tab's session storage: a sign-out, another
 * clerk, a reload or a restarted backend never drop one whose lines may have been made; its clerk
 * finds it again, to send it again under its id or to read its answer.
 */
function readParked(): Record<string, Parked> {
  try {
    return JSON.parse(sessionStorage.getItem(PARKED_KEY) ?? '{}') as Record<string, Parked>;
  } catch {
    return {};
  }
}

function writeParked(parked: Record<string, Parked>): void {
  try {
    sessionStorage.setItem(PARKED_KEY, JSON.stringify(parked));
  } catch {
    // No storage (a test's page, a full quota): kept in memory for this tab's life only.
  }
}

const unresolved = (draft: Pick<Draft, 'sending' | 'unsure' | 'sold'>) => draft.sending || draft.unsure || draft.sold !== null;

/** What a reload needs of a basket not closed; one left while sending is unsure until it is asked again. */
const parkedOf = ({ basketId, items, payment, attempts, sold }: Draft): Parked => ({
  basketId,
  items,
  payment,
  attempts,
  sold,
  unsure: !sold,
});

/**
 * The basket being filled: kept while the clerk looks elsewhere (a device check, a usage lookup)
 * and comes back; a package added again is one more eSIM on its line, not a second line. Once sent,
 * its lines are fixed until the answer is known: a basket whose answer was lost is read back under
 * its id, never sent again under another.
 */
export const useBasketDraft = create<Draft>()((set, get) => {
  /** The clerk's basket as a reload would need it: kept while unresolved, dropped once closed or never sent. */
  const remember = () => {
    const draft = get();
    if (!draft.staffId) return;
    const parked = readParked();
    if (unresolved(draft)) {
      parked[draft.staffId] = parkedOf(draft);
    } else delete parked[draft.staffId];
    writeParked(parked);
  };

  /** Changes allowed only to a basket not sent, or sent and refused outright. */
  const edit = (change: (items: readonly BasketItem[]) => readonly BasketItem[]) => {
    const draft = get();
    if (draft.sending || draft.unsure || draft.sold) return;
    set({ items: change(draft.items), error: null });
  };
  return {
    staffId: null,
    ...empty(),
    startFor(staffId) {
      const draft = get();
      if (draft.staffId === staffId) return;
      // The one before keeps a basket sent and not closed; an unsent one goes (nothing was made of it).
      const parked = readParked();
      if (draft.staffId && unresolved(draft)) {
        parked[draft.staffId] = parkedOf(draft);
      }
      const mine = staffId ? parked[staffId] : undefined;
      if (staffId) delete parked[staffId];
      writeParked(parked);
      set({ staffId, ...empty(), ...(mine && { ...mine, sending: false }) });
      remember();
    },
    addPackage(offer) {
      edit((items) => {
        const at = items.findIndex((item) => item.kind === 'sale' && item.offer.id === offer.id);
        if (at >= 0)
          return items.map((item, i) =>
            i === at && item.kind === 'sale' ? { ...item, quantity: Math.min(MAX_QUANTITY, item.quantity + 1) } : item,
          );
        return items.length < MAX_BASKET_LINES ? [...items, { kind: 'sale', offer, quantity: 1 }] : items;
      });
    },
    addTopup(iccid, offer) {
      edit((items) => (items.length < MAX_BASKET_LINES ? [...items, { kind: 'topup', iccid, offer }] : items));
    },
    setQuantity(index, quantity) {
      edit((items) =>
        items.map((item, i) =>
          i === index && item.kind === 'sale' ? { ...item, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) } : item,
        ),
      );
    },
    remove(index) {
      edit((items) => items.filter((_, i) => i !== index));
    },
    setPayment(payment) {
      const draft = get();
      if (!draft.sending && !draft.unsure && !draft.sold) set({ payment });
    },
    clear() {
      edit(() => []);
    },
    async sell() {
      const { basketId, items, payment, sending, sold, attempts } = get();
      if (sending || sold || !payment || items.length === 0) return;
      set({ sending: true, error: null, attempts: [...attempts, items] });
      remember();
      const outcome = await sendBasket({ id: basketId, paymentMethod: payment, lines: items.map(basketLine) });
      // Another clerk signed in meanwhile: theirs is another basket.
      if (get().basketId !== basketId) return;
      if (outcome.kind === 'sold') get().update(outcome.basket);
      else set({ sending: false, unsure: outcome.kind === 'unsure', error: outcome.error });
      remember();
    },
    update(basket) {
      const { attempts, basketId } = get();
      if (basket.id !== basketId) return;
      // The lines as they were sent: the attempt whose lines the basket holds (the last one, but for a clerk who changed a refused basket).
      const lines = shape(linesOf(basket));
      const items = [...attempts].reverse().find((attempt) => shape(attempt.map(basketLine)) === lines) ?? [];
      set({ sending: false, unsure: false, error: null, sold: { basket, items } });
      remember();
    },
    finish() {
      set(empty());
      remember();
    },
    adopt({ basketId, items, payment, error }) {
      const draft = get();
      if (!draft.staffId || draft.items.length > 0 || unresolved(draft)) return false;
      set({ ...empty(), basketId, items, payment, attempts: [items], unsure: true, error });
      remember();
      return true;
    },
  };
});

// The basket is the clerk's: a sign-out (or another person signing in) empties it; a lock keeps it.
useStore.subscribe((state) => {
  const session = state.session;
  if (session?.status === 'active') useBasketDraft.getState().startFor(session.staffId);
  else if (session?.status === 'signed_out') useBasketDraft.getState().startFor(null);
});
const atStart = useStore.getState().session;
if (atStart?.status === 'active') useBasketDraft.getState().startFor(atStart.staffId);
