import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/errors.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { api } from '../api.ts';
import type { Loadable } from './catalog.ts';
import type { StoreState } from './store.ts';

export type HistorySlice = {
  historyQuery: string;
  history: Loadable<readonly SaleView[]>;
  /** The sale opened from the list (replaced by the unmasked one after a manager's approval). */
  historySale: SaleView | null;
  revealError: AppError | null;
  revealBusy: boolean;
  /** Today's sales without a query; every day's with one (a customer comes back days later). */
  loadHistory(query: string): Promise<void>;
  openHistorySale(sale: SaleView | null): void;
  revealSale(managerStaffId: string, managerPin: string): Promise<boolean>;
  clearRevealError(): void;
};

/** Local midnight today and tomorrow, as ISO instants. */
export function todayRange(now = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

export const createHistorySlice: StateCreator<StoreState, [], [], HistorySlice> = (set, get) => ({
  historyQuery: '',
  history: { status: 'idle' },
  historySale: null,
  revealError: null,
  revealBusy: false,

  async loadHistory(query) {
    set({ historyQuery: query });
    if (get().history.status !== 'ready') set({ history: { status: 'loading' } });
    const q = query.trim();
    const result = await api().call('sales.list', q ? { query: q } : todayRange());
    if (get().historyQuery !== query) return;
    set({ history: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
  },

  openHistorySale(sale) {
    set({ historySale: sale, revealError: null, revealBusy: false });
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
});
