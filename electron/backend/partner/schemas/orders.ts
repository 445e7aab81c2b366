import { z } from 'zod';
import { ApnPair, InstallationGuides, Links, PageMeta, envelope, int, num, orderAmounts, timestamp } from './common.ts';

const scalar = z.union([z.string(), z.number()]);

export const SimEntry = z.object({
  id: int,
  created_at: timestamp,
  iccid: z.string().regex(/^\d{18,22}$/),
  lpa: z.string(),
  imsis: z.unknown().nullable(),
  matching_id: z.string(),
  qrcode: z.string(),
  qrcode_url: z.string(),
  /** Absent from the order list's sims. */
  direct_apple_installation_url: z.string().optional(),
  airalo_code: scalar.nullable().optional(),
  apn_type: z.string(),
  apn_value: z.string().nullable(),
  is_roaming: z.boolean(),
  confirmation_code: scalar.nullable(),
  apn: ApnPair.optional(),
  msisdn: z.string().nullable().optional(),
});

const orderCommon = {
  id: int,
  code: z.string().regex(/^\d{8}-\d{6,}$/),
  package_id: z.string(),
  currency: z.string(),
  description: z.string().nullable(),
  esim_type: z.string(),
  validity: int,
  package: z.string(),
  data: z.string(),
  price: num,
  pricing_model: z.string(),
  text: scalar.nullable().optional(),
  voice: scalar.nullable().optional(),
  net_price: num.nullable().optional(),
  created_at: timestamp,
  manual_installation: z.string(),
  qrcode_installation: z.string(),
  installation_guides: InstallationGuides,
  // Discount-pricing variant.
  discount_percentage: num.optional(),
  discount_amount: num.optional(),
  unit_paid_price: num.optional(),
  total_amount_paid: num.optional(),
};

export const Order = z
  .object({
    ...orderCommon,
    /** An echo of the requested quantity: a number or a string. */
    quantity: num,
    type: z.string(),
    brand_settings_name: z.string().nullable().optional(),
    sims: z.array(SimEntry),
  })
  .transform(orderAmounts);

export const OrderResponse = envelope(Order);

export const TopupOrder = z
  .object({
    ...orderCommon,
    quantity: num,
    type: z.literal('topup'),
  })
  .transform(orderAmounts);

export const TopupOrderResponse = envelope(TopupOrder);

export const OrderStatus = z.object({ name: z.string(), slug: z.string() });

export const OrderUser = z.object({
  id: int,
  created_at: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_id: int.nullable(),
  company: z.string().nullable(),
});

/** The order fields the list, one order and an eSIM's simable share; amounts become Money after. */
export const orderRecordShape = {
  id: int,
  created_at: timestamp,
  code: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  package_id: z.string(),
  quantity: num,
  package: z.string(),
  esim_type: z.string(),
  /** Strings ("7", "9.50") in the list, numbers elsewhere. */
  validity: num,
  price: num,
  data: z.string(),
  currency: z.string(),
  manual_installation: z.string(),
  qrcode_installation: z.string(),
  installation_guides: InstallationGuides,
  text: scalar.nullable().optional(),
  voice: scalar.nullable().optional(),
  net_price: num.nullable().optional(),
};

export const OrderListEntry = z
  .object({
    ...orderRecordShape,
    unit_paid_price: num.optional(),
    brand_settings_name: z.string().nullable().optional(),
    sims: z.array(SimEntry).optional(),
    user: OrderUser.optional(),
    status: OrderStatus.optional(),
  })
  .transform(orderAmounts);

export const OrderListResponse = z.object({ data: z.array(OrderListEntry), links: Links, meta: PageMeta });
export const GetOrderResponse = envelope(OrderListEntry);

/** 202 of the async order submission. */
export const AsyncOrderAccepted = envelope(z.object({ request_id: z.string(), accepted_at: timestamp }));

export type SimEntry = z.infer<typeof SimEntry>;
export type Order = z.infer<typeof Order>;
export type OrderResponse = z.infer<typeof OrderResponse>;
export type TopupOrder = z.infer<typeof TopupOrder>;
export type TopupOrderResponse = z.infer<typeof TopupOrderResponse>;
export type OrderListEntry = z.infer<typeof OrderListEntry>;
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export type GetOrderResponse = z.infer<typeof GetOrderResponse>;
export type AsyncOrderAccepted = z.infer<typeof AsyncOrderAccepted>;
