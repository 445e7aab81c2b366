import type { StateCreator } from 'zustand';
import type { DeviceMatch } from '../../../shared/esims.ts';
import { api } from '../api.ts';
import type { Loadable } from './catalog.ts';
import type { StoreState } from './store.ts';

export type DevicesSlice = {
  deviceQuery: string;
  devices: Loadable<readonly DeviceMatch[]>;
  searchDevices(query: string): Promise<void>;
};

export const createDevicesSlice: StateCreator<StoreState, [], [], DevicesSlice> = (set, get) => ({
  deviceQuery: '',
  devices: { status: 'idle' },

  async searchDevices(query) {
    set({ deviceQuery: query });
    if (!query.trim()) {
      set({ devices: { status: 'idle' } });
      return;
    }
    // Keep the last list on screen while the next keystroke's answer travels: no flicker.
    if (get().devices.status !== 'ready') set({ devices: { status: 'loading' } });
    const result = await api().call('devices.search', { query, limit: 12 });
    // Typing is faster than answers: only the answer to what the field holds now counts.
    if (get().deviceQuery !== query) return;
    set({ devices: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
  },
});
