/**
 * The contract's top-ups: more data for an eSIM already sold. Answered by electron/backend/topups/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { PAYMENT_METHODS, type TopupOptions, type TopupView } from '../sales.ts';
import { iccidInput, method } from './base.ts';

export const topupsMethods = {
  'topups.options': method<TopupOptions>()('clerk', z.strictObject({ iccid: iccidInput })),
  'topups.create': method<TopupView>()(
    'clerk',
    z.strictObject({
      /** Made by the screen when the checkout opens; a repeated call with it returns the same top-up. */
      topupId: z.uuid().optional(),
      iccid: iccidInput,
      packageId: z.string().min(1).max(120),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      confirmChecksum: z.boolean().optional(),
    }),
  ),
  'topups.get': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
  'topups.retry': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
  /** "Check now": looks an unsettled top-up up at the service; never sends it again. */
  'topups.check': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
} as const;
