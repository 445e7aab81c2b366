/**
 * The contract's retail prices: the store's price rule and its exceptions, and the exchange rates
 * they use. Answered by electron/backend/pricing/.
 */
import { z } from 'zod';
import type { PriceRulesView, RatesView } from '../manager.ts';
import { priceRuleSchema } from '../settings.ts';
import { countryCode, method, none } from './base.ts';

export const pricingMethods = {
  /** The store's price rule and its exceptions (a country's local packages, single packages). */
  'pricing.rules': method<PriceRulesView>()('manager', none),
  /** Sets, or with `rule: null` removes, the exception for a country's local packages or one package. */
  'pricing.setRule': method<PriceRulesView>()(
    'manager',
    z.discriminatedUnion('scope', [
      z.strictObject({ scope: z.literal('country'), target: countryCode, rule: priceRuleSchema.nullable() }),
      z.strictObject({
        scope: z.literal('package'),
        target: z.string().trim().min(1).max(120),
        rule: priceRuleSchema.nullable(),
      }),
    ]),
  ),
  /** The partner's exchange rate into the store's currency, dated, and the last days'. */
  'pricing.rates': method<RatesView>()('manager', none),
  /** "Fetch now": today's rate from the partner, waited for. */
  'pricing.refreshRates': method<RatesView>()('manager', none),
} as const;
