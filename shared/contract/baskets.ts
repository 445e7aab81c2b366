/**
 * The contract's baskets: several packages and top-ups for one payment, each line its own order,
 * sent exactly once. Answered by electron/backend/baskets/.
 */
import { z } from 'zod';
import { MAX_BASKET_LINES, type BasketView } from '../baskets.ts';
import { problem } from '../errors.ts';
import { PAYMENT_METHODS } from '../sales.ts';
import { iccidInput, method } from './base.ts';

const packageId = z.string().min(1).max(120);

/** A basket's lines: packages with their eSIMs, top-ups by ICCID (the display shows them too). */
export const basketLines = z
  .array(
    z.union([
      z.strictObject({ packageId, quantity: z.number().int().min(1).max(10) }),
      z.strictObject({ iccid: iccidInput, packageId }),
    ]),
  )
  .min(1, problem('too_few_items'))
  .max(MAX_BASKET_LINES, problem('too_many_items'));

export const basketsMethods = {
  /**
   * Sends each line not yet sent, in order, and answers every line's outcome. `id`, made by the
   * screen when the basket opens, makes a repeated call (a lost answer, a restart) resume the same
   * basket: a line is never sent twice. The same id with other lines is refused.
   */
  'baskets.create': method<BasketView>()(
    'clerk',
    z.strictObject({
      id: z.uuid().optional(),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      lines: basketLines,
    }),
  ),
  'baskets.get': method<BasketView>()('clerk', z.strictObject({ id: z.uuid() })),
} as const;
