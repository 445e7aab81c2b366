import type { StateCreator } from 'zustand';
import type { AppInfo } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type AppSlice = {
  info: AppInfo | null;
  infoError: AppError | null;
  loadInfo(): Promise<void>;
};

export const createAppSlice: StateCreator<StoreState, [], [], AppSlice> = (set) => ({
  info: null,
  infoError: null,
  async loadInfo() {
    const result = await api().call('app.info', {});
    if (result.ok) set({ info: result.value, infoError: null });
    else set({ infoError: result.error });
  },
});
