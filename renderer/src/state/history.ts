import type { StateCreator } from 'zustand';
import { localRange, today } from '../../../shared/clock.ts';
import type { AppError, Result } from '../../../shared/errors.ts';
import type { HistoryEntry } from '../../../shared/history.ts';
import type { SaleViewStatus, SaleView, TopupView } from '../../../shared/sales.ts';
import type { VoucherBatchView } from '../../../shared/vouchers.ts';
import { api } from '../api.ts';
import { storeTimeZoneOf } from './app.ts';
import type { Loadable } from './catalog.ts';
import { coalesce } from './coalesce.ts';
import type { StoreState } from './store.ts';

export type HistorySlice = {
  /** The query last sent; its answer may still be on its way. */
  historyQuery: string;
  /** Sales and top-ups, newest first (history.search). */
  history: Loadable<readonly HistoryEntry[]>;
  /** The query whose answer `history` holds (null before the first): what the list on screen answers. */
  historyAnswered: string | null;
  /** The sale opened from the list (the unmasked one after a manager's approval, while it lasts). */
  historySale: SaleView | null;
  /** The top-up opened from the list; one of the three is open at a time. */
  historyTopup: TopupView | null;
  /** The voucher batch opened from the list. */
  historyVoucher: VoucherBatchView | null;
  revealError: AppError | null;
  revealBusy: boolean;
  /** Today's sales without a query; every day's with one (a customer comes back days later). */
  loadHistory(query: string): Promise<void>;
  /**
   * The answer to exactly this query, searching now unless it is on screen or on its way; null when
   * the search failed or a newer one has replaced it. For Enter: a scanner's burst is followed by
   * Enter before the search made while it typed has answered.
   */
  historyResults(query: string): Promise<readonly HistoryEntry[] | null>;
  /** The same query again, quietly: the list stays on screen and a failed answer is dropped. */
  refreshHistory(): Promise<void>;
  /** The History screen says while it is open; events only refresh the list while it is. */
  watchHistory(on: boolean): void;
  /** From the `sale.updated` and `topup.updated` events: one was made or changed, so the list may be out of date. */
  historySaleUpdated(event: { id: string; status: SaleViewStatus }): void;
  openHistorySale(sale: SaleView | null): void;
  openHistoryTopup(topup: TopupView | null): void;
  openHistoryVoucher(batch: VoucherBatchView | null): void;
  revealSale(managerStaffId: string, managerPin: string): Promise<boolean>;
  clearRevealError(): void;
  /** Send again or void, for the opened sale: under way, and why the last one was refused. */
  historyActionBusy: boolean;
  historyActionError: AppError | null;
  /** The opened never-sent sale goes to the service again, same reference (sales.retry). */
  resendHistorySale(): Promise<boolean>;
  /** A manager closes the opened never-sent sale for good (sales.void). */
  voidHistorySale(reason: string): Promise<boolean>;
  clearHistoryActionError(): void;
};

/** The store's today (its zone, not this machine's), as ISO instants [from, to). */
export function todayRange(timeZone: string, now: number = Date.now()): { from: string; to: string } {
  const date = today(timeZone, now);
  return localRange(date, date, timeZone);
}

function searchInput(query: string, timeZone: string): { query: string } | { from: string; to: string } {
  const q = query.trim();
  return q ? { query: q } : todayRange(timeZone);
}

/** History's detail closed: what opening one of a sale, a top-up or a voucher batch starts from. */
const nothingOpen = {
  historySale: null,
  historyTopup: null,
  historyVoucher: null,
  revealError: null,
  revealBusy: false,
  historyActionError: null,
} as const;

/** A sale makes two or three events within a moment (submitting, completed): one request for them. */
export const HISTORY_REFRESH_MS = 150;

export const createHistorySlice: StateCreator<StoreState, [], [], HistorySlice> = (set, get) => {
  // Answers can overtake each other; only the newest request's answer is shown.
  let latest = 0;
  let newest: Promise<unknown> = Promise.resolve();
  let watching = false;
  const refresh = coalesce(() => void get().refreshHistory(), HISTORY_REFRESH_MS);

  /** One action on the opened sale; its answer replaces the sale on screen and in the list. */
  const act = async (call: (id: string) => Promise<Result<SaleView>>): Promise<boolean> => {
    const sale = get().historySale;
    if (!sale || get().historyActionBusy) return false;
    set({ historyActionBusy: true, historyActionError: null });
    const result = await call(sale.id);
    set({ historyActionBusy: false });
    if (!result.ok) {
      set({ historyActionError: result.error });
      return false;
    }
    if (get().historySale?.id === sale.id) set({ historySale: result.value });
    const list = get().history;
    if (list.status === 'ready') {
      const value = list.value.map((e) => (e.kind === 'sale' && e.sale.id === sale.id ? { ...e, sale: result.value } : e));
      set({ history: { status: 'ready', value } });
    }
    return true;
  };

  return {
    historyQuery: '',
    history: { status: 'idle' },
    historyAnswered: null,
    historySale: null,
    historyTopup: null,
    historyVoucher: null,
    revealError: null,
    revealBusy: false,
    historyActionBusy: false,
    historyActionError: null,

    async loadHistory(query) {
      const ticket = ++latest;
      set({ historyQuery: query });
      if (get().history.status !== 'ready') set({ history: { status: 'loading' } });
      const request = api().call('history.search', searchInput(query, storeTimeZoneOf(get())));
      newest = request;
      const result = await request;
      if (ticket !== latest || get().historyQuery !== query) return;
      if (!result.ok) {
        set({ history: { status: 'failed', error: result.error }, historyAnswered: query });
        return;
      }
      // What was opened from the last list stays open only if the new search found it too.
      const open = get().historySale;
      const kept = open !== null && result.value.some((e) => e.kind === 'sale' && e.sale.id === open.id);
      const topup = get().historyTopup;
      const keptTopup = topup !== null && result.value.some((e) => e.kind === 'topup' && e.topup.id === topup.id);
      const batch = get().historyVoucher;
      const keptVoucher = batch !== null && result.value.some((e) => e.kind === 'voucher' && e.voucher.id === batch.id);
      set({
        history: { status: 'ready', value: result.value },
        historyAnswered: query,
        ...(kept ? {} : { historySale: null, revealError: null, revealBusy: false }),
        ...(keptTopup ? {} : { historyTopup: null }),
        ...(keptVoucher ? {} : { historyVoucher: null }),
      });
    },

    async historyResults(query) {
      if (get().historyQuery !== query) void get().loadHistory(query);
      let waited: Promise<unknown> | null = null;
      for (;;) {
        const state = get();
        if (state.historyQuery !== query) return null;
        if (state.historyAnswered === query) return state.history.status === 'ready' ? state.history.value : null;
        // A refresh that failed quietly answers nothing: do not wait on it forever.
        if (waited === newest) return null;
        waited = newest;
        await waited;
      }
    },

    async refreshHistory() {
      const ticket = ++latest;
      const query = get().historyQuery;
      const request = api().call('history.search', searchInput(query, storeTimeZoneOf(get())));
      newest = request;
      const result = await request;
      if (ticket !== latest || get().historyQuery !== query) return;
      if (!result.ok) {
        // A background refresh must not replace the list the clerk is reading with an error.
        if (get().history.status !== 'ready') set({ history: { status: 'failed', error: result.error }, historyAnswered: query });
        return;
      }
      const open = get().historySale;
      const fresh = open && result.value.find((e) => e.kind === 'sale' && e.sale.id === open.id);
      const topup = get().historyTopup;
      const freshTopup = topup && result.value.find((e) => e.kind === 'topup' && e.topup.id === topup.id);
      const batch = get().historyVoucher;
      const freshVoucher = batch && result.value.find((e) => e.kind === 'voucher' && e.voucher.id === batch.id);
      // The backend's fresh view of the opened sale wins: it shows codes only while the clerk may
      // see them (a manager's approval lasts minutes), so a kept copy could outlive the approval.
      set({
        history: { status: 'ready', value: result.value },
        historyAnswered: query,
        ...(fresh && fresh.kind === 'sale' ? { historySale: fresh.sale } : {}),
        ...(freshTopup && freshTopup.kind === 'topup' ? { historyTopup: freshTopup.topup } : {}),
        ...(freshVoucher && freshVoucher.kind === 'voucher' ? { historyVoucher: freshVoucher.voucher } : {}),
      });
    },

    watchHistory(on) {
      watching = on;
      if (!on) refresh.cancel();
    },

    historySaleUpdated() {
      if (watching) refresh.trigger();
    },

    openHistorySale(sale) {
      set({ ...nothingOpen, historySale: sale });
    },

    openHistoryTopup(topup) {
      set({ ...nothingOpen, historyTopup: topup });
    },

    openHistoryVoucher(batch) {
      set({ ...nothingOpen, historyVoucher: batch });
    },

    async revealSale(managerStaffId, managerPin) {
      const sale = get().historySale;
      if (!sale) return false;
      set({ revealBusy: true, revealError: null });
      const result = await api().call('sales.reveal', { id: sale.id, managerStaffId, managerPin });
      if (get().historySale?.id !== sale.id) return false;
      set(result.ok ? { historySale: result.value, revealBusy: false } : { revealError: result.error, revealBusy: false });
      return result.ok;
    },

    clearRevealError() {
      set({ revealError: null });
    },

    resendHistorySale: () => act((id) => api().call('sales.retry', { id })),
    voidHistorySale: (reason) => act((id) => api().call('sales.void', { id, reason })),

    clearHistoryActionError() {
      set({ historyActionError: null });
    },
  };
};
