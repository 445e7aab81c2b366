import { z } from 'zod';
import { envelope, int, timestamp } from './common.ts';

export const EsimVoucher = z.object({
  package_id: z.string(),
  codes: z.array(z.string()),
  booking_reference: z.string().nullable().optional(),
});

export const EsimVoucherResponse = envelope(z.array(EsimVoucher));

export const AirmoneyVoucher = z.object({
  id: int,
  code: z.string(),
  usage_limit: int,
  amount: int,
  is_paid: z.boolean(),
  created_at: timestamp,
});

/** A list of lists, as the SDK README shows it. */
export const AirmoneyVoucherResponse = envelope(z.array(z.array(AirmoneyVoucher)));

export type EsimVoucher = z.infer<typeof EsimVoucher>;
export type EsimVoucherResponse = z.infer<typeof EsimVoucherResponse>;
export type AirmoneyVoucherResponse = z.infer<typeof AirmoneyVoucherResponse>;
