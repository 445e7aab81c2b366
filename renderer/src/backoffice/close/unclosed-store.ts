/**
 * Days with takings that were never closed, as the backend counts them. A small store of its own, so
 * the rail's badge and the manager's first screen (UnclosedDays.tsx) do not load the back office's store.
 */
import { create } from 'zustand';
import type { UnclosedDay } from '../../../../shared/reports.ts';
import { api } from '../../api.ts';

/** The question reads two months of reports: moving between screens asks it at most this often. */
const FRESH_MS = 60_000;

type UnclosedState = {
  days: readonly UnclosedDay[];
  askedAt: number;
  /** Asks again unless asked within a minute; `force` after a close. */
  refresh(force?: boolean): Promise<void>;
};

export const useUnclosed = create<UnclosedState>()((set, get) => ({
  days: [],
  askedAt: 0,
  async refresh(force = false) {
    if (!force && Date.now() - get().askedAt < FRESH_MS) return;
    set({ askedAt: Date.now() });
    const result = await api().call('close.unclosed', {});
    // Not a manager, or the journal is busy: say nothing rather than something wrong.
    set({ days: result.ok ? result.value : [] });
  },
}));
