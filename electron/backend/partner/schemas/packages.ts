import { z } from 'zod';
import { ApnPair, Links, PageMeta, Pricing, int, num, toMoney, usd } from './common.ts';

export const Image = z.object({ width: int.nullable(), height: int.nullable(), url: z.string() });

/** Amounts per currency code, e.g. `{ USD: 4.5, EUR: 4.1 }`, each as Money in its currency. */
export const CurrencyAmounts = z
  .record(z.string(), num)
  .transform((amounts, ctx) => Object.fromEntries(Object.entries(amounts).map(([c, v]) => [c, toMoney(v, c, ctx)])));

export const Prices = z.object({
  net_price: CurrencyAmounts.optional(),
  recommended_retail_price: CurrencyAmounts,
});

export const PackageItem = z.object({
  id: z.string(),
  type: z.enum(['sim', 'topup']),
  /** The recommended retail price. */
  price: usd,
  /** What the partner charges; null under discount pricing. */
  net_price: usd.nullable(),
  /** MB; 0 for unlimited packages. */
  amount: int,
  day: int,
  is_unlimited: z.boolean(),
  title: z.string(),
  data: z.string(),
  short_info: z.string().nullable(),
  voice: int.nullable(),
  text: int.nullable(),
  prices: Prices.optional(),
  qr_installation: z.string().optional(),
  manual_installation: z.string().optional(),
  is_fair_usage_policy: z.boolean().optional(),
  fair_usage_policy: z.string().nullable().optional(),
});

export const Coverage = z.object({
  name: z.string(),
  code: z.string(),
  networks: z.array(z.object({ name: z.string(), types: z.array(z.string()) })),
});

export const OperatorCountry = z.object({ country_code: z.string(), title: z.string(), image: Image.optional() });

export const Operator = z.object({
  id: int,
  title: z.string(),
  type: z.string(),
  plan_type: z.string().optional(),
  is_roaming: z.boolean(),
  rechargeability: z.boolean(),
  style: z.string().optional(),
  gradient_start: z.string().optional(),
  gradient_end: z.string().optional(),
  is_prepaid: z.boolean().optional(),
  esim_type: z.string().optional(),
  warning: z.string().nullable().optional(),
  apn_type: z.string().optional(),
  apn_value: z.string().nullable().optional(),
  info: z.array(z.string()).optional(),
  image: Image.optional(),
  activation_policy: z.string().optional(),
  is_kyc_verify: z.boolean().optional(),
  other_info: z.string().nullable().optional(),
  coverages: z.array(Coverage).optional(),
  install_window_days: int.nullable().optional(),
  topup_grace_window_days: int.nullable().optional(),
  apn: ApnPair.optional(),
  countries: z.array(OperatorCountry).optional(),
  packages: z.array(PackageItem),
});

export const CountryEntry = z.object({
  slug: z.string(),
  /** Empty for regional and global entries. */
  country_code: z.string(),
  title: z.string(),
  image: Image.optional(),
  min_price: Prices.optional(),
  operators: z.array(Operator),
});

export const PackagesResponse = z.object({
  pricing: Pricing.optional(),
  // From page 2 on, the service may key the list by index (a Laravel quirk); accept both.
  data: z.union([z.array(CountryEntry), z.record(z.string(), CountryEntry).transform((o) => Object.values(o))]),
  links: Links.optional(),
  meta: PageMeta.partial({ current_page: true, from: true, last_page: true, path: true, per_page: true, to: true, total: true }),
});

export type Image = z.infer<typeof Image>;
export type Prices = z.infer<typeof Prices>;
export type PackageItem = z.infer<typeof PackageItem>;
export type Operator = z.infer<typeof Operator>;
export type CountryEntry = z.infer<typeof CountryEntry>;
export type PackagesResponse = z.infer<typeof PackagesResponse>;
