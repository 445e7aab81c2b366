import type { StateCreator } from 'zustand';
import type { InputOf } from '../../../shared/contract.ts';
import type { DisplayState } from '../../../shared/display.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { CustomerLanguage } from '../../../shared/languages.ts';
import { api } from '../api.ts';
import { loadNamespaces } from '../i18n/i18n.ts';
import { CUSTOMER_NAMESPACES } from '../i18n/locales/en/index.ts';
import type { StoreState } from './store.ts';

export type DisplaySlice = {
  /** What the customer display shows now; both the clerk's window and the display follow it. */
  display: DisplayState | null;
  displayError: AppError | null;
  /**
   * The language of the customer at the counter, for their papers and install steps: what they
   * picked at the display, kept when the display goes back to idle after serving them (a receipt
   * printed a minute later is still theirs), and the next customer's once their sale or pick shows.
   */
  customerLanguage: CustomerLanguage;
  /** `customerLanguage` once the words of the voucher and receipt are loaded for it. */
  paperLanguage: CustomerLanguage;
  loadDisplay(): Promise<void>;
  showOnDisplay(input: InputOf<'display.show'>): Promise<boolean>;
  /** The customer's pick at the display (the display's own window calls it). */
  setCustomerLanguage(language: CustomerLanguage): Promise<boolean>;
  /** From the `display.changed` event. */
  displayChanged(state: DisplayState): void;
};

/**
 * Whose language a new display state says: any state but idle is the customer in front of it, and
 * so is a pick while idle; the display's own return to idle (the next customer, in the store's
 * language) is not, so the last customer's language stays until then.
 */
export function servedLanguage(previous: DisplayState | null, next: DisplayState, current: CustomerLanguage): CustomerLanguage {
  if (next.kind === 'idle' && previous !== null && previous.kind !== 'idle') return current;
  return next.customerLanguage;
}

export const createDisplaySlice: StateCreator<StoreState, [], [], DisplaySlice> = (set, get) => {
  /** How many display.changed events this window has taken, so a slower answer cannot undo one. */
  let changes = 0;
  const adopt = (next: DisplayState) => {
    const language = servedLanguage(get().display, next, get().customerLanguage);
    set({ display: next, customerLanguage: language });
    // Loaded ahead: a voucher printed the moment after the customer picks is already in their words.
    if (language !== get().paperLanguage) {
      void loadNamespaces(language, CUSTOMER_NAMESPACES).then(
        () => get().customerLanguage === language && set({ paperLanguage: language }),
        () => undefined,
      );
    }
  };

  return {
    display: null,
    displayError: null,
    customerLanguage: 'en',
    paperLanguage: 'en',

    async loadDisplay() {
      const seen = changes;
      const result = await api().call('display.current', {});
      // An event that came while this was asked for is newer than its answer: the answer is dropped.
      if (result.ok && seen === changes) adopt(result.value);
      set({ displayError: result.ok ? null : result.error });
    },

    async showOnDisplay(input) {
      const result = await api().call('display.show', input);
      if (result.ok) adopt(result.value);
      set({ displayError: result.ok ? null : result.error });
      return result.ok;
    },

    async setCustomerLanguage(language) {
      const result = await api().call('display.setLanguage', { language });
      if (result.ok) adopt(result.value);
      set({ displayError: result.ok ? null : result.error });
      return result.ok;
    },

    displayChanged(state) {
      changes++;
      adopt(state);
    },
  };
};
