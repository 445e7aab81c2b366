import type { StateCreator } from 'zustand';
import { machineTimeZone } from '../../../shared/clock.ts';
import type { AppInfo, SetupStatus } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type AppSlice = {
  info: AppInfo | null;
  infoError: AppError | null;
  loadInfo(): Promise<void>;
  /** Whether this journal still needs its owner (first run); null until known. */
  setup: SetupStatus | null;
  loadSetup(): Promise<void>;
  /** The owner has their recovery code: on to the sign-in screen. */
  finishSetup(): Promise<void>;
};

/**
 * The store's time zone as app.info says it. The machine's stands in only until that first answer
 * (the backend's own default is the machine's zone too).
 */
export function storeTimeZoneOf(state: Pick<AppSlice, 'info'>): string {
  return state.info?.timeZone ?? machineTimeZone();
}

export const createAppSlice: StateCreator<StoreState, [], [], AppSlice> = (set, get) => ({
  info: null,
  infoError: null,
  setup: null,
  async loadSetup() {
    const result = await api().call('setup.status', {});
    if (result.ok) set({ setup: result.value });
    else set({ infoError: result.error });
  },
  async finishSetup() {
    // The store's time zone was just chosen: every screen's clock follows it.
    await Promise.all([get().loadSetup(), get().loadInfo()]);
    await get().loadStaff();
  },
  async loadInfo() {
    const result = await api().call('app.info', {});
    if (result.ok) set({ info: result.value, infoError: null });
    else set({ infoError: result.error });
  },
});
