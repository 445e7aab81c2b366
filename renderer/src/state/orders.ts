import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { FutureOrderList, FutureOrderView, GroupOrderView } from '../../../shared/orders.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

/** The future orders screen's list, as the backend last answered it. */
export type FutureListState =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly value: FutureOrderList }
  | { readonly status: 'error'; readonly error: AppError; readonly value: FutureOrderList | null };

/**
 * Group and future orders started at the Sell screen (each under its checkout's id, so a new
 * checkout never shows the last one's), and the future orders screen's list. In the store, so
 * another screen or a lock does not lose them; the backend keeps and settles them regardless.
 */
export type OrdersSlice = {
  group: GroupOrderView | null;
  later: FutureOrderView | null;
  /** A create, send-again or look-up under way for the open group or future order. */
  orderBusy: boolean;
  /** A call that did not reach an order at all (bad input, a pause, the service unreachable). */
  orderError: AppError | null;
  futureList: FutureListState;
  /** The future order being cancelled, and why the last cancellation was refused. */
  cancelling: string | null;
  cancelError: { readonly id: string; readonly error: AppError } | null;
  orderGroup(input: InputOf<'groupOrders.create'>): Promise<void>;
  refreshGroup(): Promise<void>;
  /** "Check now" for the open group order: a look-up at the service, never a second order. */
  checkGroup(): Promise<void>;
  /** Sends a group order the service made nothing of again, under its own reference. */
  resendGroup(): Promise<void>;
  orderLater(input: InputOf<'futureOrders.create'>): Promise<void>;
  /** Reads the open future order again (from the list, which reads the service when old). */
  refreshLater(refresh?: boolean): Promise<void>;
  loadFutureOrders(refresh?: boolean): Promise<void>;
  cancelFutureOrder(id: string): Promise<boolean>;
  clearOrderError(): void;
  /** Back to the details of an order the service refused, under a new id: the refused one's is spent. */
  reopenCheckout(): void;
  /** Another person at the counter: none of this is theirs to see. */
  forgetOrders(): void;
};

export const createOrdersSlice: StateCreator<StoreState, [], [], OrdersSlice> = (set, get) => {
  /** Whether an answer for `id` still belongs on screen: the checkout it was made for is open. */
  const current = (id: string) => get().checkout?.saleId === id;

  return {
    group: null,
    later: null,
    orderBusy: false,
    orderError: null,
    futureList: { status: 'idle' },
    cancelling: null,
    cancelError: null,

    async orderGroup(input) {
      // A second Enter before the screen shows the first is under way: one order.
      if (get().orderBusy) return;
      set({ orderBusy: true, orderError: null });
      const result = await api().call('groupOrders.create', input);
      set({ orderBusy: false });
      if (!input.saleId || !current(input.saleId)) return;
      if (result.ok) set({ group: result.value });
      else {
        set({ orderError: result.error });
        get().noteRefusal(result.error);
      }
    },

    async refreshGroup() {
      const id = get().group?.sale.id;
      if (!id) return;
      const result = await api().call('groupOrders.get', { id });
      if (result.ok && get().group?.sale.id === id) set({ group: result.value });
    },

    async checkGroup() {
      const id = get().group?.sale.id;
      if (!id || get().orderBusy) return;
      set({ orderBusy: true, orderError: null });
      const checked = await api().call('sales.check', { id });
      const result = await api().call('groupOrders.get', { id });
      set({ orderBusy: false });
      if (get().group?.sale.id !== id) return;
      if (!checked.ok) set({ orderError: checked.error });
      if (result.ok) set({ group: result.value });
    },

    async resendGroup() {
      const id = get().group?.sale.id;
      if (!id || get().orderBusy) return;
      set({ orderBusy: true, orderError: null });
      const sent = await api().call('sales.retry', { id });
      const result = await api().call('groupOrders.get', { id });
      set({ orderBusy: false });
      if (get().group?.sale.id !== id) return;
      if (!sent.ok) set({ orderError: sent.error });
      if (result.ok) set({ group: result.value });
    },

    async orderLater(input) {
      if (get().orderBusy) return;
      set({ orderBusy: true, orderError: null });
      const result = await api().call('futureOrders.create', input);
      set({ orderBusy: false });
      if (!input.id || !current(input.id)) return;
      if (result.ok) set({ later: result.value });
      else {
        set({ orderError: result.error });
        get().noteRefusal(result.error);
      }
    },

    async refreshLater(refresh = false) {
      const id = get().later?.id;
      if (!id) return;
      if (refresh) set({ orderBusy: true });
      const result = await api().call('futureOrders.list', { refresh });
      if (refresh) set({ orderBusy: false });
      if (get().later?.id !== id) return;
      if (!result.ok) return;
      set({ futureList: { status: 'ready', value: result.value } });
      const found = result.value.orders.find((order) => order.id === id);
      if (found) set({ later: found });
    },

    async loadFutureOrders(refresh = false) {
      const before = get().futureList;
      if (before.status === 'idle') set({ futureList: { status: 'loading' } });
      const result = await api().call('futureOrders.list', { refresh });
      if (result.ok) set({ futureList: { status: 'ready', value: result.value } });
      else {
        const kept = before.status === 'ready' ? before.value : before.status === 'error' ? before.value : null;
        set({ futureList: { status: 'error', error: result.error, value: kept } });
      }
    },

    async cancelFutureOrder(id) {
      set({ cancelling: id, cancelError: null });
      const result = await api().call('futureOrders.cancel', { id });
      set({ cancelling: null });
      if (!result.ok) set({ cancelError: { id, error: result.error } });
      // The list reads again either way: a refusal may mean it was made meanwhile.
      await get().loadFutureOrders();
      if (result.ok && get().later?.id === id) set({ later: result.value });
      return result.ok;
    },

    clearOrderError() {
      set({ orderError: null });
    },

    reopenCheckout() {
      const { checkout } = get();
      if (!checkout) return;
      set({ checkout: { ...checkout, saleId: crypto.randomUUID() }, sellStep: 'details', orderError: null });
    },

    forgetOrders() {
      set({ group: null, later: null, orderBusy: false, orderError: null, futureList: { status: 'idle' }, cancelError: null });
    },
  };
};
