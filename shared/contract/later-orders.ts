/**
 * The contract's group and future orders (shared/orders.ts). Answered by electron/backend/later-orders/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import {
  DUE_DATE_PATTERN,
  GROUP_MAX_QUANTITY,
  type FutureOrderList,
  type FutureOrderView,
  type GroupOrderView,
} from '../orders.ts';
import { PAYMENT_METHODS } from '../sales.ts';
import { countryCode, method } from './base.ts';

export const laterOrdersMethods = {
  /**
   * A tour group's eSIMs, more than a counter sale takes and up to the partner's maximum: the
   * service makes them in the background and the counter looks the sale up until they are there.
   * A repeated call with its `saleId` returns the same order. Sent again, or checked now, as a sale.
   */
  'groupOrders.create': method<GroupOrderView>()(
    'clerk',
    z.strictObject({
      saleId: z.uuid().optional(),
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(2).max(GROUP_MAX_QUANTITY),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      customerEmail: z.email(problem('email')).max(254).optional(),
      destination: countryCode.optional(),
    }),
  ),
  'groupOrders.get': method<GroupOrderView>()('clerk', z.strictObject({ id: z.uuid() }), { passive: true }),
  /**
   * A package sold now for a departure date: the service makes it at `dueDate` (`YYYY-MM-DD`, the
   * start of that day, or `YYYY-MM-DD HH:MM`, in the store's time zone) and e-mails the eSIM to the
   * customer. Refused before sending when the service would refuse the date.
   */
  'futureOrders.create': method<FutureOrderView>()(
    'clerk',
    z.strictObject({
      /** Made by the screen when the checkout opens; a repeated call with it returns the same order. */
      id: z.uuid().optional(),
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(GROUP_MAX_QUANTITY).default(1),
      dueDate: z.string().trim().regex(DUE_DATE_PATTERN, problem('date')),
      customerEmail: z.email(problem('email')).max(254),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      destination: countryCode.optional(),
    }),
  ),
  /** Open future orders and those settled lately; the service's lists are read again when old (or asked). */
  'futureOrders.list': method<FutureOrderList>()('clerk', z.strictObject({ refresh: z.boolean().default(false) }), {
    passive: true,
  }),
  /** Cancels a scheduled future order, up to 24 hours before its due time. */
  'futureOrders.cancel': method<FutureOrderView>()('clerk', z.strictObject({ id: z.uuid() })),
} as const;
