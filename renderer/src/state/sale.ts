import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import {
  UNSETTLED_STATUSES,
  type OrderHold,
  type PendingSales,
  type SaleViewStatus,
  type SalesReadiness,
  type SaleView,
  type ServiceReachability,
} from '../../../shared/sales.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

/** Sales the backend is still settling: the clerk must not sell them again. */
export const UNSETTLED: ReadonlySet<SaleViewStatus> = new Set(UNSETTLED_STATUSES);

/**
 * A sale that settled where the clerk could not see it: the open sale while another screen was
 * up, or one set aside. `place` says where the clerk finds it.
 */
export type SaleNotice = {
  readonly saleId: string;
  readonly reference: string;
  readonly status: SaleViewStatus;
  readonly place: 'sell' | 'history';
};

export type SaleSlice = {
  /** The sale of the open checkout, as the backend last described it. */
  sale: SaleView | null;
  /** A call that did not reach a sale at all (bad input, signed out, journal down…). */
  saleError: AppError | null;
  /** A create, retry or look-up is on its way. */
  saleBusy: boolean;
  /** "Check now": under way, and when the last one answered. */
  saleCheck: { readonly busy: boolean; readonly at: number | null };
  /**
   * Sales still being checked other than the open one: set aside by this clerk, left by the last
   * person at the counter, or found unfinished at start. The backend's list, so no change of staff
   * or restart loses them.
   */
  asideSales: readonly SaleView[];
  /** How the start settled the last run's unfinished sales (sales.pending). */
  pendingAtStart: Omit<PendingSales, 'unsettled'> | null;
  saleNotices: readonly SaleNotice[];
  /** Whether the Sell screen is open: a sale settling there needs no notice. */
  sellOnScreen: boolean;
  /** Whether sales may go on and the eSIM service answers; null until first asked. */
  readiness: SalesReadiness | null;
  /** When the service's wait on orders ends, on this screen's clock (Date.now()); null when none holds them. */
  orderHoldEndsAt: number | null;
  sell(input: InputOf<'sales.create'>): Promise<void>;
  /** Takes the sale while the service is away: it waits on the counter and its eSIM is e-mailed once placed. */
  sellOffline(input: InputOf<'sales.createOffline'>): Promise<void>;
  /** Sales taken while the service was away that wait to be sent or are being sent (sales.queued); null until asked. */
  queued: readonly SaleView[] | null;
  loadQueued(): Promise<void>;
  refreshSale(): Promise<void>;
  retrySale(): Promise<void>;
  /** Asks the backend to look the open sale up at the service now. */
  checkSale(): Promise<void>;
  /** From the `sale.updated` event: look the sale up again when it is ours. */
  saleUpdated(event: { id: string; status: SaleViewStatus }): void;
  clearSale(): void;
  /** The open, unsettled sale goes aside (and stays in History); the Sell screen is free again. */
  setSaleAside(): void;
  /** Reads the backend's unsettled sales and start summary; a sale that left the list gets a notice. */
  loadPending(): Promise<void>;
  dismissSaleNotice(saleId: string): void;
  /** A settled sale that was set aside, opened as History's detail. */
  openSettledInHistory(saleId: string): Promise<void>;
  setSellOnScreen(on: boolean): void;
  loadReadiness(): Promise<void>;
  /** A sale or top-up refused for a pause or an unreachable service: the banners follow at once. */
  noteRefusal(error: AppError): void;
  /** From the `service.changed` event. */
  serviceChanged(service: ServiceReachability): void;
  /** From the `orders.held` event, a refusal that says the wait, or null when the countdown ran out. */
  ordersHeld(hold: OrderHold | null): void;
  /** Another person is at the counter: nothing of these sales is theirs to see. */
  forgetSales(): void;
};

export const createSaleSlice: StateCreator<StoreState, [], [], SaleSlice> = (set, get) => {
  /** Takes the backend's view of the open sale, noting an outcome the clerk is not looking at. */
  const adopt = (view: SaleView) => {
    const before = get().sale;
    set({ sale: view });
    if (!get().sellOnScreen && !UNSETTLED.has(view.status) && view.status !== 'queued' && before?.status !== view.status) {
      notice({ saleId: view.id, reference: view.reference, status: view.status, place: 'sell' });
    }
  };
  const notice = (next: SaleNotice) => set({ saleNotices: [...get().saleNotices.filter((n) => n.saleId !== next.saleId), next] });

  return {
    sale: null,
    saleError: null,
    saleBusy: false,
    saleCheck: { busy: false, at: null },
    asideSales: [],
    pendingAtStart: null,
    saleNotices: [],
    sellOnScreen: false,
    readiness: null,
    orderHoldEndsAt: null,
    queued: null,

    async sell(input) {
      set({ saleBusy: true, saleError: null });
      const result = await api().call('sales.create', input);
      // Another person, or a new checkout, since the call went out: the answer is not for this screen.
      if (get().checkout?.saleId !== input.saleId) return;
      set({ saleBusy: false });
      if (result.ok) adopt(result.value);
      else {
        set({ saleError: result.error });
        get().noteRefusal(result.error);
      }
    },

    async sellOffline(input) {
      set({ saleBusy: true, saleError: null });
      const result = await api().call('sales.createOffline', input);
      if (get().checkout?.saleId !== input.saleId) return;
      set({ saleBusy: false });
      if (result.ok) {
        adopt(result.value);
        void get().loadQueued();
      } else {
        set({ saleError: result.error });
        get().noteRefusal(result.error);
      }
    },

    async loadQueued() {
      const result = await api().call('sales.queued', {});
      if (result.ok) set({ queued: result.value });
    },

    async refreshSale() {
      const id = get().sale?.id;
      if (!id) return;
      const result = await api().call('sales.get', { id });
      // The clerk may have moved on to the next sale while this answer travelled.
      if (get().sale?.id !== id) return;
      if (result.ok) adopt(result.value);
    },

    async retrySale() {
      const id = get().sale?.id;
      if (!id) return;
      set({ saleBusy: true, saleError: null, saleCheck: { busy: false, at: null } });
      const result = await api().call('sales.retry', { id });
      if (get().sale?.id !== id) return;
      set({ saleBusy: false });
      if (result.ok) adopt(result.value);
      else set({ saleError: result.error });
    },

    async checkSale() {
      const id = get().sale?.id;
      if (!id || get().saleCheck.busy) return;
      set({ saleCheck: { busy: true, at: get().saleCheck.at } });
      const result = await api().call('sales.check', { id });
      if (get().sale?.id !== id) return;
      set({ saleCheck: { busy: false, at: Date.now() } });
      if (result.ok) adopt(result.value);
      else set({ saleError: result.error });
    },

    saleUpdated({ id, status }) {
      // A sale taken offline was taken, placed or refused: the count every clerk sees follows.
      if (status === 'queued' || get().queued?.some((q) => q.id === id)) void get().loadQueued();
      const sale = get().sale;
      if (sale?.id === id && sale.status !== status) void get().refreshSale();
      if (get().asideSales.some((s) => s.id === id && s.status !== status)) void get().loadPending();
    },

    clearSale() {
      set({ sale: null, saleError: null, saleBusy: false, saleCheck: { busy: false, at: null } });
    },

    setSaleAside() {
      const sale = get().sale;
      if (!sale || !UNSETTLED.has(sale.status)) return;
      set({ asideSales: [...get().asideSales, sale] });
      get().clearSale();
    },

    async loadPending() {
      const result = await api().call('sales.pending', {});
      if (!result.ok) return;
      const { unsettled, ...atStart } = result.value;
      const before = get().asideSales;
      const openId = get().sale?.id;
      set({ pendingAtStart: atStart, asideSales: unsettled.filter((s) => s.id !== openId) });
      // Watched here and now settled: say how it ended, wherever the clerk is.
      for (const gone of before.filter((b) => !unsettled.some((u) => u.id === b.id) && b.id !== openId)) {
        const view = await api().call('sales.get', { id: gone.id });
        if (view.ok && !UNSETTLED.has(view.value.status)) {
          notice({ saleId: gone.id, reference: view.value.reference, status: view.value.status, place: 'history' });
        }
      }
    },

    dismissSaleNotice(saleId) {
      set({ saleNotices: get().saleNotices.filter((n) => n.saleId !== saleId) });
    },

    async openSettledInHistory(saleId) {
      const result = await api().call('sales.get', { id: saleId });
      get().dismissSaleNotice(saleId);
      if (result.ok) get().openHistorySale(result.value);
    },

    setSellOnScreen(on) {
      set({ sellOnScreen: on });
      // Back at Sell: the open sale's outcome is on screen now.
      if (on) set({ saleNotices: get().saleNotices.filter((n) => n.place !== 'sell') });
    },

    async loadReadiness() {
      const result = await api().call('sales.readiness', {});
      if (result.ok) {
        set({ readiness: result.value });
        get().ordersHeld(result.value.orderHold);
      }
    },

    noteRefusal({ code, retryAfterSeconds }) {
      if (code === 'rate_limited' && retryAfterSeconds) {
        get().ordersHeld({ until: new Date(Date.now() + retryAfterSeconds * 1000).toISOString(), seconds: retryAfterSeconds });
      }
      const readiness = get().readiness;
      if (readiness && (code === 'low_balance' || code === 'journal_unavailable'))
        set({ readiness: { ...readiness, paused: code } });
      else if (code === 'low_balance' || code === 'journal_unavailable' || code === 'service_unreachable')
        void get().loadReadiness();
    },

    serviceChanged(service) {
      const readiness = get().readiness;
      if (readiness) set({ readiness: { ...readiness, service } });
      else void get().loadReadiness();
    },

    ordersHeld(hold) {
      // Counted down on this screen's clock from the seconds the backend gave: the two clocks may differ.
      set({ orderHoldEndsAt: hold ? Date.now() + hold.seconds * 1000 : null });
      const readiness = get().readiness;
      if (readiness) set({ readiness: { ...readiness, orderHold: hold } });
    },

    forgetSales() {
      // A sale still being checked stays in view for whoever comes next (it holds no eSIM codes),
      // so nobody sells it again or forgets the customer waiting for it.
      const open = get().sale;
      const keep = open && UNSETTLED.has(open.status) && !get().asideSales.some((s) => s.id === open.id) ? [open] : [];
      get().clearSale();
      set({ asideSales: [...get().asideSales, ...keep], saleNotices: [] });
    },
  };
};
