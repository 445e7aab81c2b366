// The account's pricing model. The spec's default is net pricing; with a discount percentage the
// sandbox answers as a discount-pricing account does (facts: no net prices published; an order
// states its discount and the unit price paid).
import type { SandboxContext } from './context.ts';
import type { PackageDef } from './catalogue.ts';

const cents = (n: number): number => Math.round(n * 100) / 100;

export const isDiscountPricing = (ctx: SandboxContext): boolean => ctx.opts.discountPercentage > 0;

/** The `pricing` object of the package and top-up lists. */
export function pricingJson(ctx: SandboxContext) {
  return isDiscountPricing(ctx)
    ? { model: 'discount_pricing', discount_percentage: ctx.opts.discountPercentage }
    : { model: 'net_pricing', discount_percentage: 0 };
}

/** What the account is charged for one of `pkg`. */
export function chargeOf(ctx: SandboxContext, pkg: PackageDef): number {
  return isDiscountPricing(ctx) ? cents((pkg.price * (100 - ctx.opts.discountPercentage)) / 100) : pkg.netPrice;
}

/** The fields a discount-pricing account's order answer adds, for `quantity` at `unitPaid` each. */
export function discountFields(ctx: SandboxContext, price: number, unitPaid: number, quantity: number) {
  return {
    discount_percentage: ctx.opts.discountPercentage,
    discount_amount: cents(price - unitPaid),
    unit_paid_price: unitPaid,
    total_amount_paid: cents(unitPaid * quantity),
  };
}
