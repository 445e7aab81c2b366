import type { StateCreator } from 'zustand';
import type { TillSession, TillToday } from '../../../shared/till.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type TillSlice = {
  /** Today's till as last read: whether the day was started with its opening float. Null until read. */
  tillToday: TillToday | null;
  /** The last read failed: the screens go on without the opening float's bar. */
  tillUnread: boolean;
  /** Reads today's till again (each selling screen does as it opens: another counter may have started the day). */
  loadTill(): Promise<void>;
  /** The day was started (here, or by another counter first): its float stands. */
  tillStarted(session: TillSession): void;
};

export const createTillSlice: StateCreator<StoreState, [], [], TillSlice> = (set, get) => ({
  tillToday: null,
  tillUnread: false,
  async loadTill() {
    const result = await api().call('till.today', {});
    set(result.ok ? { tillToday: result.value, tillUnread: false } : { tillUnread: true });
  },
  tillStarted(session) {
    const today = get().tillToday;
    if (today) set({ tillToday: { ...today, session } });
  },
});
