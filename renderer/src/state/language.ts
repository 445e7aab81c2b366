import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/errors.ts';
import type { UiLanguage } from '../../../shared/languages.ts';
import { api } from '../api.ts';
import { deviceLanguage, setDeviceLanguage } from '../i18n/language.ts';
import type { StoreState } from './store.ts';

export type LanguageSlice = {
  /** This computer's language at the sign-in screen; null follows the browser or OS. */
  deviceLanguage: UiLanguage | null;
  /** The language of the person whose tile was just chosen, so their PIN pad speaks it. */
  tileLanguage: string | null;
  languageError: AppError | null;
  chooseDeviceLanguage(language: UiLanguage | null): void;
  chooseTileLanguage(language: string | null): void;
  /** The signed-in person's own language, kept with their staff record. */
  chooseOwnLanguage(language: UiLanguage | null): Promise<void>;
};

export const createLanguageSlice: StateCreator<StoreState, [], [], LanguageSlice> = (set) => ({
  deviceLanguage: typeof localStorage === 'undefined' ? null : deviceLanguage(),
  tileLanguage: null,
  languageError: null,
  chooseDeviceLanguage(language) {
    setDeviceLanguage(language);
    set({ deviceLanguage: language });
  },
  chooseTileLanguage(language) {
    set({ tileLanguage: language });
  },
  async chooseOwnLanguage(language) {
    const result = await api().call('session.setLanguage', { language });
    set(result.ok ? { session: result.value, languageError: null } : { languageError: result.error });
  },
});
