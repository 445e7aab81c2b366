/**
 * The one mapping from a package of the partner's lists (the catalogue, an eSIM's top-ups) to what
 * the counter offers: the plan, the recommended price and what the partner will charge for it.
 */
import { money, type Money } from '../../../shared/money.ts';
import type { TopupOffer } from '../../../shared/sales.ts';
import type { PackageItem } from '../partner/schemas/packages.ts';

/** The account's pricing as the lists state it: `{ model: 'net_pricing' | 'discount_pricing', discount_percentage }`. */
export type PartnerPricing = { readonly model: string; readonly discount_percentage: number } | undefined;

type ListedPackage = Pick<
  PackageItem,
  'id' | 'title' | 'data' | 'amount' | 'day' | 'is_unlimited' | 'voice' | 'text' | 'price' | 'net_price'
>;

/**
 * What the partner will charge for one of `pkg`: its net price under net pricing; under discount
 * pricing (no net price published) the recommended price less the account's discount, as the
 * partner computes `unit_paid_price`. Null when neither is stated: then the cost is unknown.
 */
export function partnerCharge(pkg: Pick<ListedPackage, 'price' | 'net_price'>, pricing: PartnerPricing): Money | null {
  if (pkg.net_price) return pkg.net_price;
  if (pricing?.model !== 'discount_pricing') return null;
  const percent = pricing.discount_percentage;
  if (!(percent >= 0 && percent <= 100)) return null;
  // Half a cent and up rounds up, as the partner's two-decimal amounts do.
  return money(Math.round((pkg.price.minor * (100 - percent)) / 100), pkg.price.currency);
}

/** A listed package as an offer, priced at the recommended price (the store's rule applies later). */
export function offerOf(pkg: ListedPackage, pricing: PartnerPricing): TopupOffer {
  return {
    id: pkg.id,
    title: pkg.title,
    dataText: pkg.is_unlimited ? 'Unlimited' : pkg.data,
    dataMb: pkg.is_unlimited ? 0 : pkg.amount,
    days: pkg.day,
    isUnlimited: pkg.is_unlimited,
    voiceMinutes: pkg.voice ?? null,
    textMessages: pkg.text ?? null,
    retail: pkg.price,
    net: partnerCharge(pkg, pricing),
  };
}
