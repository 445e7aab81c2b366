import type { StateCreator } from 'zustand';
import type { UsageReading } from '../../../shared/esims.ts';
import { api } from '../api.ts';
import type { Loadable } from './catalog.ts';
import type { StoreState } from './store.ts';

export type UsageSlice = {
  usage: Loadable<UsageReading>;
  usageIccid: string | null;
  /** When the last answer arrived (ms), to turn "wait N seconds" into a time of day. */
  usageAnsweredAt: number;
  readUsage(iccid: string): Promise<void>;
  clearUsage(): void;
};

export const createUsageSlice: StateCreator<StoreState, [], [], UsageSlice> = (set, get) => ({
  usage: { status: 'idle' },
  usageIccid: null,
  usageAnsweredAt: 0,

  async readUsage(iccid) {
    set({ usageIccid: iccid, usage: { status: 'loading' } });
    const result = await api().call('usage.get', { iccid });
    if (get().usageIccid !== iccid) return;
    set({
      usage: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error },
      usageAnsweredAt: Date.now(),
    });
  },

  clearUsage() {
    set({ usage: { status: 'idle' }, usageIccid: null });
  },
});
