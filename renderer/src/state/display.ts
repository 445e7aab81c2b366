import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { DisplayState } from '../../../shared/display.ts';
import type { AppError } from '../../../shared/errors.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type DisplaySlice = {
  /** What the customer display shows now; both the clerk's window and the display follow it. */
  display: DisplayState | null;
  displayError: AppError | null;
  loadDisplay(): Promise<void>;
  showOnDisplay(input: InputOf<'display.show'>): Promise<boolean>;
  /** From the `display.changed` event. */
  displayChanged(state: DisplayState): void;
};

export const createDisplaySlice: StateCreator<StoreState, [], [], DisplaySlice> = (set) => ({
  display: null,
  displayError: null,

  async loadDisplay() {
    const result = await api().call('display.current', {});
    set(result.ok ? { display: result.value, displayError: null } : { displayError: result.error });
  },

  async showOnDisplay(input) {
    const result = await api().call('display.show', input);
    set(result.ok ? { display: result.value, displayError: null } : { displayError: result.error });
    return result.ok;
  },

  displayChanged(state) {
    set({ display: state });
  },
});
