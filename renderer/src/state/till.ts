import type { StateCreator } from 'zustand';
import type { DayStatus } from '../../../shared/reports.ts';
import type { TillSession, TillToday } from '../../../shared/till.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type TillSlice = {
  /** Today's till as last read: whether the day was started with its opening float. Null until read. */
  tillToday: TillToday | null;
  /** The last read failed: the screens go on without the opening float's bar. */
  tillUnread: boolean;
  /** Whether today was closed already (sales then go into a supplementary close), read with the till. Null until read. */
  dayStatus: DayStatus | null;
  /**
   * Reads today's till and whether the day was closed, together (each selling screen does as it
   * opens: another counter may have started or closed the day), so what stands above the screen is
   * drawn with it rather than pushing it down when it comes.
   */
  loadTill(): Promise<void>;
  /** Reads again whether the day was closed (the window regained focus: a manager may have closed it elsewhere). */
  loadDayStatus(): Promise<void>;
  /** The day was started (here, or by another counter first): its float stands. */
  tillStarted(session: TillSession): void;
};

export const createTillSlice: StateCreator<StoreState, [], [], TillSlice> = (set, get) => ({
  tillToday: null,
  tillUnread: false,
  dayStatus: null,
  async loadTill() {
    const [till, day] = await Promise.all([api().call('till.today', {}), api().call('close.status', {})]);
    set({
      ...(till.ok ? { tillToday: till.value, tillUnread: false } : { tillUnread: true }),
      ...(day.ok ? { dayStatus: day.value } : {}),
    });
  },
  async loadDayStatus() {
    const day = await api().call('close.status', {});
    if (day.ok) set({ dayStatus: day.value });
  },
  tillStarted(session) {
    const today = get().tillToday;
    if (today) set({ tillToday: { ...today, session } });
  },
});
