/**
 * The Prices screen's state: the store's rules and their exceptions, the partner's exchange rate,
 * and the catalogue the exceptions are picked from. Rules live in the backend; this holds what
 * the screen shows.
 */
import { create } from 'zustand';
import type { CountryOption, PackageOffer } from '../../../../shared/catalog.ts';
import type { InputOf } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { PriceRulesView, RatesView } from '../../../../shared/manager.ts';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';

type PricesState = {
  rules: PriceRulesView | null;
  rates: RatesView | null;
  error: AppError | null;
  fetchingRates: boolean;
  countries: readonly CountryOption[];
  /** Every offer by id, to name the packages that have a rule of their own. */
  offers: ReadonlyMap<string, PackageOffer>;
  load(): Promise<void>;
  /** Sets or (rule null) removes an exception; the reason in words when refused. */
  setRule(input: InputOf<'pricing.setRule'>): Promise<string | null>;
  refreshRates(): Promise<void>;
  /** The local packages of a country, for picking one package's exception. */
  packagesOf(country: string): Promise<readonly PackageOffer[]>;
};

export const usePrices = create<PricesState>()((set) => ({
  rules: null,
  rates: null,
  error: null,
  fetchingRates: false,
  countries: [],
  offers: new Map(),

  async load() {
    const [rules, rates, countries, offers] = await Promise.all([
      api().call('pricing.rules', {}),
      api().call('pricing.rates', {}),
      api().call('catalog.countries', {}),
      api().call('catalog.packages', {}),
    ]);
    set({
      offers: offers.ok ? new Map(offers.value.map((o) => [o.id, o])) : new Map(),
      rules: rules.ok ? rules.value : null,
      rates: rates.ok ? rates.value : null,
      countries: countries.ok ? countries.value.filter((c) => !c.kind) : [],
      error: !rules.ok ? rules.error : !rates.ok ? rates.error : null,
    });
  },

  async setRule(input) {
    const result = await api().call('pricing.setRule', input);
    if (!result.ok) return describeError(result.error);
    set({ rules: result.value });
    return null;
  },

  async refreshRates() {
    set({ fetchingRates: true });
    const result = await api().call('pricing.refreshRates', {});
    set(result.ok ? { rates: result.value, fetchingRates: false } : { error: result.error, fetchingRates: false });
  },

  async packagesOf(country) {
    const result = await api().call('catalog.packages', { country, type: 'local' });
    return result.ok ? result.value.filter((o) => o.kind === 'local') : [];
  },
}));
