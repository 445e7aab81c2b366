import type { z } from 'zod';
import { minorDigits, type Money } from './money.ts';
import type { priceRuleSchema } from './settings.ts';

/**
 * How the counter prices a package: the service's recommended retail price, or the wholesale
 * (net) price plus a markup, rounded up to a price ending the way shops like (.99 or .49). The
 * schema (shared/settings.ts) is the rule; the type follows it.
 */
export type PriceRule = Readonly<z.output<typeof priceRuleSchema>>;

type MarkupEnding = Extract<PriceRule, { kind: 'markup' }>['ending'];

export const DEFAULT_PRICE_RULE: PriceRule = { kind: 'recommended' };

/**
 * The retail price under `rule`. Falls back to the recommended price when there is no net price
 * (discount pricing publishes none), and never sells below the net price.
 */
export function retailPrice(recommended: Money, net: Money | null, rule: PriceRule): Money {
  if (!net) return recommended;
  if (rule.kind === 'recommended') {
    // The service's recommended price is above its net price; should one ever come the other way
    // round, the counter still sells at cost rather than at a loss.
    const belowCost = recommended.currency === net.currency && recommended.minor < net.minor;
    return belowCost ? { minor: net.minor, currency: net.currency } : recommended;
  }
  // Integer arithmetic on minor units: percent has at most two decimals (validated at the edge).
  const raw = Math.ceil((net.minor * Math.round(rule.percent * 100 + 10_000)) / 10_000);
  return { minor: Math.max(net.minor, withEnding(raw, rule.ending, net.currency)), currency: net.currency };
}

/** The smallest price ≥ minor whose cents are .99 (or .49/.99); whole-unit currencies are left alone. */
function withEnding(minor: number, ending: MarkupEnding, currency: string): number {
  const digits = minorDigits(currency);
  if (ending === 'none' || digits !== 2) return minor;
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  if (ending === '99') return cents <= 99 ? whole * 100 + 99 : minor;
  return cents <= 49 ? whole * 100 + 49 : whole * 100 + 99;
}
