import { z } from 'zod';
import { int } from './common.ts';

export const ProductInformation = z.object({
  package_id: z.string(),
  product_name: z.string(),
  product_description: z.string(),
  date_marketed: z.string().nullable(),
  service_internet: z.boolean(),
  service_telephony: z.boolean(),
  service_sms: z.boolean(),
  network_providers: z.array(z.string()),
  network_technologies: z.array(z.string()),
  data_allowance_mb: z.string(),
  data_allowance_display: z.string(),
  validity_days: int,
  voice_minutes: int,
  sms_included: int,
  retail_price_eur: z.string(),
  max_download_speed_mbit: z.string(),
  max_upload_speed_mbit: z.string(),
  throttled_download_speed_mbit: z.string().nullable(),
  throttled_upload_speed_mbit: z.string().nullable(),
  throttle_threshold_mb: int.nullable(),
  is_unlimited: z.boolean(),
  is_fair_usage_policy: z.boolean(),
  fair_usage_policy: z.string().nullable(),
  out_of_bundle_rate_eur_per_mb: z.string(),
  activation_policy: z.string(),
  is_roaming: z.boolean(),
  auto_renewal: z.string(),
  terms_url: z.string(),
  partner_brand_name: z.string(),
  partner_logo_url: z.string(),
  legal_entity_name: z.string(),
  legal_address: z.string(),
  pib_version: int,
  pib_version_date: z.string(),
  version_hash: z.string().regex(/^[0-9a-f]{64}$/),
  pib_version_pdf_link: z.string(),
});

/** `{ data }` with no meta. */
export const ProductInformationResponse = z.object({ data: ProductInformation });

export type ProductInformation = z.infer<typeof ProductInformation>;
export type ProductInformationResponse = z.infer<typeof ProductInformationResponse>;
