import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { SaleStatus, TopupOptions, TopupView } from '../../../shared/sales.ts';
import { api } from '../api.ts';
import type { Loadable } from './catalog.ts';
import type { StoreState } from './store.ts';

export type TopupSlice = {
  /** The top-up options of the eSIM being looked up, with the ICCID as the clerk gave it. */
  topupOptions: Loadable<TopupOptions>;
  topupIccid: string | null;
  /** The top-up of the open confirm step, as the backend last described it. */
  topup: TopupView | null;
  /** A call that did not reach a top-up at all (bad input, unconfirmed check digit, …). */
  topupError: AppError | null;
  topupBusy: boolean;
  /** An ICCID another screen (Usage) hands over, to look up when the Top-up screen opens. */
  handoffIccid: string | null;
  lookUpTopups(iccid: string): Promise<void>;
  buyTopup(input: InputOf<'topups.create'>): Promise<void>;
  refreshTopup(): Promise<void>;
  retryTopup(): Promise<void>;
  /** From the `topup.updated` event: look the top-up up again when it is ours. */
  topupUpdated(event: { id: string; status: SaleStatus }): void;
  /** Back to the options of the same eSIM (a new confirm step gets a new id). */
  clearTopup(): void;
  /** Back to an empty ICCID field. */
  resetTopups(): void;
  handOffIccid(iccid: string | null): void;
};

export const createTopupSlice: StateCreator<StoreState, [], [], TopupSlice> = (set, get) => ({
  topupOptions: { status: 'idle' },
  topupIccid: null,
  topup: null,
  topupError: null,
  topupBusy: false,
  handoffIccid: null,

  async lookUpTopups(iccid) {
    set({ topupIccid: iccid, topupOptions: { status: 'loading' }, topup: null, topupError: null, topupBusy: false });
    const result = await api().call('topups.options', { iccid });
    // A second scan while the first answer travelled wins.
    if (get().topupIccid !== iccid) return;
    set({ topupOptions: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
  },

  async buyTopup(input) {
    set({ topupBusy: true, topupError: null });
    const result = await api().call('topups.create', input);
    set(result.ok ? { topup: result.value, topupBusy: false } : { topupError: result.error, topupBusy: false });
    if (!result.ok) get().noteRefusal(result.error);
  },

  async refreshTopup() {
    const id = get().topup?.id;
    if (!id) return;
    const result = await api().call('topups.get', { id });
    if (get().topup?.id !== id) return;
    if (result.ok) set({ topup: result.value });
  },

  async retryTopup() {
    const id = get().topup?.id;
    if (!id) return;
    set({ topupBusy: true, topupError: null });
    const result = await api().call('topups.retry', { id });
    if (get().topup?.id !== id) return;
    set(result.ok ? { topup: result.value, topupBusy: false } : { topupError: result.error, topupBusy: false });
  },

  topupUpdated({ id, status }) {
    const topup = get().topup;
    if (topup?.id === id && topup.status !== status) void get().refreshTopup();
  },

  clearTopup() {
    set({ topup: null, topupError: null, topupBusy: false });
  },

  resetTopups() {
    set({ topupOptions: { status: 'idle' }, topupIccid: null, topup: null, topupError: null, topupBusy: false });
  },

  handOffIccid(iccid) {
    set({ handoffIccid: iccid });
  },
});
