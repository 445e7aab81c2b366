/**
 * The contract's eSIM vouchers: codes bought from the service in batches and printed as gift
 * cards. Answered by electron/backend/vouchers/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { PAYMENT_METHODS } from '../sales.ts';
import { MAX_VOUCHERS, type VoucherBatchView } from '../vouchers.ts';
import { method } from './base.ts';

export const vouchersMethods = {
  /** Buys voucher codes for one package from the service; a repeated call with the same id answers the same batch. */
  'vouchers.create': method<VoucherBatchView>()(
    'clerk',
    z.strictObject({
      batchId: z.uuid(),
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(MAX_VOUCHERS),
      bookingReference: z.string().trim().max(100).optional(),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
    }),
  ),
  /** Voucher batches, newest first; `query` finds a code, a booking reference or a package. */
  'vouchers.list': method<readonly VoucherBatchView[]>()(
    'clerk',
    z.strictObject({ query: z.string().trim().max(100).optional() }),
  ),
  /** The gift cards of a batch went to the printer: recorded, with an audit entry (the codes are worth money). */
  'vouchers.printed': method<VoucherBatchView>()('clerk', z.strictObject({ batchId: z.uuid() })),
} as const;
