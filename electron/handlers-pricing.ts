/**
 * The manager's prices: the store's rule and its exceptions, and the partner's exchange rate into
 * the store's currency. The role is checked by the dispatcher before any of these runs.
 */
import type { Handlers } from './rpc.ts';
import type { ExchangeRateService } from './services/exchange-rates.ts';
import type { SettingsService } from './services/settings.ts';

export type PricingMethods = 'pricing.rules' | 'pricing.setRule' | 'pricing.rates' | 'pricing.refreshRates';

export function createPricingHandlers(deps: {
  settings: SettingsService;
  exchangeRates: ExchangeRateService;
}): Pick<Handlers, PricingMethods> {
  const { settings, exchangeRates } = deps;
  const rules = () => ({ ...settings.priceRules(), currency: settings.currency() });
  return {
    'pricing.rules': rules,
    'pricing.setRule': ({ scope, target, rule }, { session }) => {
      settings.setPriceException(scope, target, rule, session!.staffId);
      return rules();
    },
    'pricing.rates': () => exchangeRates.view(),
    'pricing.refreshRates': () => exchangeRates.refresh(),
  };
}
