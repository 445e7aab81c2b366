// Shared pieces of the partner service's response shapes. Every object schema strips unknown
// keys (the service reserves the right to add fields) and numbers also arrive as strings
// ("9.50", "7"), so `num` accepts both.
import { z } from 'zod';
import { money, toMinor, type Money } from '../../../../shared/money.ts';

/** A number, or a numeric string coerced to a number. */
export const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a numeric string')
    .transform(Number),
]);

/** An integer, or an integer string coerced to a number. */
export const int = num.pipe(z.number().int());

/**
 * A decimal of `currency` as Money in minor units. The partner's decimals are converted here and
 * nowhere else; an amount no currency can hold is a schema issue, not a throw from deep inside.
 */
export function toMoney(value: number, currency: string, ctx: z.RefinementCtx): Money {
  try {
    return money(toMinor(value, currency), currency);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    return z.NEVER;
  }
}

/** A US-dollar decimal as Money: the catalogue, the top-up list and the usage history are priced in dollars. */
export const usd = num.transform((value, ctx) => toMoney(value, 'USD', ctx));

/** The amounts of an order (sim, top-up or a listed one), all in the order's `currency`. */
type OrderAmounts = {
  currency: string;
  price: number;
  net_price?: number | null | undefined;
  unit_paid_price?: number | undefined;
  discount_amount?: number | undefined;
  total_amount_paid?: number | undefined;
};

/** An order's amounts as Money in its own currency; a missing or null one stays null. */
export function orderAmounts<T extends OrderAmounts>(order: T, ctx: z.RefinementCtx) {
  const of = (value: number | null | undefined) =>
    value === null || value === undefined ? null : toMoney(value, order.currency, ctx);
  return {
    ...order,
    price: toMoney(order.price, order.currency, ctx),
    /** Net pricing: what the partner charged per eSIM. */
    net_price: of(order.net_price),
    /** Discount pricing: what the partner charged per eSIM after the account's discount. */
    unit_paid_price: of(order.unit_paid_price),
    discount_amount: of(order.discount_amount),
    total_amount_paid: of(order.total_amount_paid),
  };
}

/** `YYYY-MM-DD HH:MM:SS`. */
export const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DD HH:MM:SS');

export const Meta = z.object({ message: z.string() });

/** `{ data, meta: { message } }`, the envelope of every successful JSON response. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, meta: Meta });

export const Links = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

export const PageMeta = z.object({
  message: z.string(),
  current_page: int,
  from: int.nullable(),
  last_page: int,
  path: z.string(),
  /** A string echo of the limit on the real service. */
  per_page: z.union([z.string(), z.number()]).transform(String),
  to: int.nullable(),
  total: int,
});

/** Laravel-paginator list: `{ data: [...], links, meta }`. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), links: Links, meta: PageMeta });

export const Pricing = z.object({
  model: z.string(),
  discount_percentage: num,
});

/** 422 validation failure: per-field messages (keys may be dotted, e.g. `request_ids.0`). */
export const ValidationErrorBody = z.object({
  data: z.record(z.string(), z.string()),
  meta: z.object({ message: z.string() }),
});

/** 422 business rule: a numeric code and a reason, with no envelope. */
export const BusinessErrorBody = z.object({ code: int, reason: z.string() });

/** 404 (and 401): `{ data: [], meta: { message } }`. */
export const NotFoundBody = z.object({ data: z.array(z.unknown()).max(0), meta: z.object({ message: z.string() }) });
export const UnauthorizedBody = NotFoundBody;

export const RateLimitedBody = z.object({ message: z.string() });

/** The `{ reason }` body of an async order without any webhook to deliver to. */
export const ReasonBody = z.object({ reason: z.string() });

export const Apn = z.object({ apn_type: z.string(), apn_value: z.string().nullable() });
export const ApnPair = z.object({ ios: Apn, android: Apn });

export const InstallationGuides = z.record(z.string(), z.string());

export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;
export type BusinessErrorBody = z.infer<typeof BusinessErrorBody>;
export type NotFoundBody = z.infer<typeof NotFoundBody>;
export type RateLimitedBody = z.infer<typeof RateLimitedBody>;
export type PageMeta = z.infer<typeof PageMeta>;
export type Links = z.infer<typeof Links>;
