/**
 * The manager's prices: the store's rule and its exceptions, and the partner's exchange rate into
 * the store's currency. The role is checked by the dispatcher before any of these runs.
 */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function pricingHandlers(services: Pick<HandlerServices, 'settings' | 'exchangeRates'>): AreaHandlers<'pricing'> {
  const { settings, exchangeRates } = services;
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
