import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { SaleStatus, SaleView } from '../../../shared/sales.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type SaleSlice = {
  /** The sale of the open checkout, as the backend last described it. */
  sale: SaleView | null;
  /** A call that did not reach a sale at all (bad input, signed out, journal down…). */
  saleError: AppError | null;
  /** A create, retry or look-up is on its way. */
  saleBusy: boolean;
  sell(input: InputOf<'sales.create'>): Promise<void>;
  refreshSale(): Promise<void>;
  retrySale(): Promise<void>;
  /** From the `sale.updated` event: look the sale up again when it is ours. */
  saleUpdated(event: { id: string; status: SaleStatus }): void;
  clearSale(): void;
};

export const createSaleSlice: StateCreator<StoreState, [], [], SaleSlice> = (set, get) => ({
  sale: null,
  saleError: null,
  saleBusy: false,

  async sell(input) {
    set({ saleBusy: true, saleError: null });
    const result = await api().call('sales.create', input);
    set(result.ok ? { sale: result.value, saleBusy: false } : { saleError: result.error, saleBusy: false });
  },

  async refreshSale() {
    const id = get().sale?.id;
    if (!id) return;
    const result = await api().call('sales.get', { id });
    // The clerk may have moved on to the next sale while this answer travelled.
    if (get().sale?.id !== id) return;
    if (result.ok) set({ sale: result.value });
  },

  async retrySale() {
    const id = get().sale?.id;
    if (!id) return;
    set({ saleBusy: true, saleError: null });
    const result = await api().call('sales.retry', { id });
    if (get().sale?.id !== id) return;
    set(result.ok ? { sale: result.value, saleBusy: false } : { saleError: result.error, saleBusy: false });
  },

  saleUpdated({ id, status }) {
    const sale = get().sale;
    if (sale?.id === id && sale.status !== status) void get().refreshSale();
  },

  clearSale() {
    set({ sale: null, saleError: null, saleBusy: false });
  },
});
