import { z } from 'zod';
import { ApnPair, Links, PageMeta, Pricing, envelope, int, orderAmounts, timestamp } from './common.ts';
import { OrderListEntry, OrderStatus, OrderUser, orderRecordShape } from './orders.ts';
import { PackageItem, Prices } from './packages.ts';

export const USAGE_STATUSES = ['NOT_ACTIVE', 'ACTIVE', 'FINISHED', 'UNKNOWN', 'EXPIRED'] as const;

export const Usage = z.object({
  /** MB; 0 (to be ignored) for unlimited. */
  remaining: int,
  total: int,
  expired_at: timestamp.nullable(),
  is_unlimited: z.boolean().nullable(),
  /** One of USAGE_STATUSES; the docs also show RECYCLED, so any string is accepted. */
  status: z.string(),
  remaining_voice: int.optional(),
  remaining_text: int.optional(),
  total_voice: int.optional(),
  total_text: int.optional(),
});

export const UsageResponse = envelope(Usage);

export const TopupPackage = PackageItem.pick({
  id: true,
  type: true,
  price: true,
  net_price: true,
  amount: true,
  day: true,
  is_unlimited: true,
  title: true,
  data: true,
  short_info: true,
  voice: true,
  text: true,
}).extend({ prices: Prices.optional() });

/** `{ pricing, data }`, no meta in the documented example. */
export const TopupPackagesResponse = z.object({
  pricing: Pricing.optional(),
  data: z.array(TopupPackage),
  meta: z.object({ message: z.string() }).optional(),
});

const Steps = z.record(z.string(), z.string());

export const InstructionDevice = z.object({
  model: z.string().nullable(),
  version: z.string().nullable(),
  installation_via_qr_code: z.object({
    steps: Steps,
    qr_code_data: z.string(),
    qr_code_url: z.string(),
    direct_apple_installation_url: z.string().optional(),
  }),
  installation_manual: z.object({ steps: Steps, smdp_address_and_activation_code: z.string() }),
  network_setup: z.object({
    steps: Steps,
    apn_type: z.string(),
    apn_value: z.string().nullable(),
    is_roaming: z.boolean().nullable(),
  }),
});

export const InstructionsResponse = envelope(
  z.object({
    instructions: z.object({
      language: z.string(),
      ios: z.array(InstructionDevice),
      android: z.array(InstructionDevice),
    }),
  }),
);

export const Sharing = z.object({ link: z.string().nullable(), access_code: z.string().nullable() });

export const Simable = z
  .object({
    ...orderRecordShape,
    status: OrderStatus.optional(),
    user: OrderUser.optional(),
    sharing: Sharing.nullable().optional(),
  })
  .transform(orderAmounts);

export const Sim = z.object({
  id: int,
  created_at: timestamp,
  iccid: z.string(),
  lpa: z.string(),
  imsis: z.unknown().nullable(),
  matching_id: z.string(),
  qrcode: z.string(),
  qrcode_url: z.string(),
  direct_apple_installation_url: z.string().optional(),
  voucher_code: z.string().nullable().optional(),
  airalo_code: z.union([z.string(), z.number()]).nullable().optional(),
  apn_type: z.string(),
  apn_value: z.string().nullable(),
  is_roaming: z.boolean(),
  confirmation_code: z.union([z.string(), z.number()]).nullable(),
  order: OrderListEntry.nullable().optional(),
  brand_settings_name: z.string().nullable(),
  recycled: z.boolean(),
  recycled_at: timestamp.nullable(),
  msisdn: z.string().nullable().optional(),
  apn: ApnPair.optional(),
  sharing: Sharing.nullable().optional(),
  simable: Simable.nullable().optional(),
});

export const SimResponse = envelope(Sim);
export const SimListResponse = z.object({ data: z.array(Sim), links: Links, meta: PageMeta });

/** ISO-8601 with an offset, unlike every other timestamp. */
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/);

export const PackageHistoryEntry = z.object({
  id: int,
  status: z.string(),
  remaining: int,
  activated_at: iso.nullable(),
  expired_at: iso.nullable(),
  finished_at: iso.nullable(),
  package: TopupPackage.omit({ prices: true }),
});

export const PackageHistoryResponse = z.object({
  pricing: Pricing.optional(),
  data: z.array(PackageHistoryEntry),
});

export const BrandResponse = envelope(z.object({ brand_settings_name: z.string().nullable() }));

export type Usage = z.infer<typeof Usage>;
export type UsageResponse = z.infer<typeof UsageResponse>;
export type TopupPackage = z.infer<typeof TopupPackage>;
export type TopupPackagesResponse = z.infer<typeof TopupPackagesResponse>;
export type InstructionDevice = z.infer<typeof InstructionDevice>;
export type InstructionsResponse = z.infer<typeof InstructionsResponse>;
export type Sim = z.infer<typeof Sim>;
export type SimResponse = z.infer<typeof SimResponse>;
export type SimListResponse = z.infer<typeof SimListResponse>;
export type PackageHistoryEntry = z.infer<typeof PackageHistoryEntry>;
export type PackageHistoryResponse = z.infer<typeof PackageHistoryResponse>;
export type BrandResponse = z.infer<typeof BrandResponse>;
