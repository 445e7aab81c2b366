/**
 * The contract's refund requests to the service and its answers. Answered by electron/backend/refunds/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import type { RefundLimit } from '../history.ts';
import type { RefundView } from '../manager.ts';
import { REFUND_REASONS } from '../refunds.ts';
import { method, none } from './base.ts';

export const refundsMethods = {
  'refunds.request': method<RefundView>()(
    'manager',
    z.strictObject({
      iccids: z.array(z.string().trim().min(1).max(40)).min(1).max(5),
      reason: z.enum(REFUND_REASONS, problem('refund_reason')),
      notes: z.string().trim().max(255).optional(),
      email: z.email(problem('email')).optional(),
      /** Started from this sale in History: the ICCIDs must be its eSIMs. */
      saleId: z.uuid().optional(),
    }),
  ),
  'refunds.list': method<readonly RefundView[]>()('manager', none),
  /** Looks for the service's answers to the open refund requests (at most once a minute unless forced). */
  'refunds.refresh': method<readonly RefundView[]>()('manager', z.strictObject({ force: z.boolean().default(false) })),
  /** How many refund requests the service takes, and when the next may be sent. */
  'refunds.limit': method<RefundLimit>()('manager', none),
} as const;
