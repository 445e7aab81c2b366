import type { StateCreator } from 'zustand';
import type { CountryOption, PackageOffer } from '../../../shared/catalog.ts';
import type { AppError } from '../../../shared/errors.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type Loadable<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: AppError };

export type CatalogSlice = {
  countries: Loadable<readonly CountryOption[]>;
  /** A country's code, or a region's (the list has both). */
  selectedCountry: string | null;
  packages: Loadable<readonly PackageOffer[]>;
  loadCountries(): Promise<void>;
  selectCountry(code: string): Promise<void>;
  /** Back to "where is the customer going?" for the next sale. */
  clearCountry(): void;
};

export const createCatalogSlice: StateCreator<StoreState, [], [], CatalogSlice> = (set, get) => ({
  countries: { status: 'idle' },
  selectedCountry: null,
  packages: { status: 'idle' },

  async loadCountries() {
    set({ countries: { status: 'loading' } });
    const result = await api().call('catalog.countries', {});
    set({ countries: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
  },

  async selectCountry(code) {
    set({ selectedCountry: code, packages: { status: 'loading' } });
    const countries = get().countries;
    const region = countries.status === 'ready' && countries.value.some((c) => c.code === code && c.kind);
    const result = await api().call('catalog.packages', region ? { area: code } : { country: code });
    // A slower answer for a country the clerk has already left must not overwrite the current one.
    if (get().selectedCountry !== code) return;
    set({ packages: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
  },

  clearCountry() {
    set({ selectedCountry: null, packages: { status: 'idle' } });
  },
});
