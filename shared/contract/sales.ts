/**
 * The contract's counter sales: selling a package, following it until the service answers, and
 * whether sales can go ahead. Answered by electron/backend/sales/.
 */
import { z } from 'zod';
import { brandNameSchema, sharingSchema } from '../delivery-schemas.ts';
import { problem } from '../errors.ts';
import { GROUP_MAX_QUANTITY } from '../orders.ts';
import { PAYMENT_METHODS, type PendingSales, type SalesReadiness, type SaleView } from '../sales.ts';
import { MAX_VOUCHERS } from '../vouchers.ts';
import { countryCode, iccidInput, method, none, pin } from './base.ts';

/** Demo's example sales, added on the days before today (electron/backend/sales/examples.ts). */
export type ExamplesAdded = { readonly added: number; readonly days: readonly string[] };

export const salesMethods = {
  /** Whether this journal is a fresh Demo one, to which example sales may be added for practice. */
  'sales.examplesOffered': method<{ readonly offered: boolean }>()('manager', none),
  /** Demo only, once: a few real sales on each of the last three days, for Reports and Close to show. */
  'sales.addExamples': method<ExamplesAdded>()('manager', none),
  'sales.create': method<SaleView>()(
    'clerk',
    z.strictObject({
      /** Made by the screen when the checkout opens; a repeated call with it returns the same sale. */
      saleId: z.uuid().optional(),
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(10).default(1),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      customerEmail: z.email(problem('email')).max(254).optional(),
      /** For a regional or global package: the country the customer is going to, if the clerk chose one. */
      destination: countryCode.optional(),
      /** How the service e-mails the eSIM to customerEmail (default: a link). */
      sharing: sharingSchema.optional(),
      /** A copy of that e-mail to the store's address (delivery.options). */
      copyToStore: z.boolean().optional(),
      /** One of the partner's brands the store listed; null or absent for the service's own. */
      brand: brandNameSchema.nullable().optional(),
    }),
  ),
  /**
   * A sale taken while the eSIM service cannot be reached (a manager allows them: `offlineSales`):
   * paid now, placed once the service answers, its eSIM e-mailed to `customerEmail` (typed twice:
   * `customerEmailAgain` must match). Answers the sale as `queued`; the same saleId again, the same sale.
   */
  'sales.createOffline': method<SaleView>()(
    'clerk',
    z
      .strictObject({
        saleId: z.uuid(),
        packageId: z.string().min(1).max(120),
        quantity: z.number().int().min(1).max(10).default(1),
        paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
        customerEmail: z.email(problem('email')).max(254),
        customerEmailAgain: z.string().max(254),
        destination: countryCode.optional(),
      })
      .refine((input) => input.customerEmail.trim().toLowerCase() === input.customerEmailAgain.trim().toLowerCase(), {
        path: ['customerEmailAgain'],
        message: problem('email_mismatch'),
      }),
  ),
  /** The sales taken offline that wait to be placed or are being placed, oldest first. */
  'sales.queued': method<readonly SaleView[]>()('clerk', none, { passive: true }),
  /** The sales taken offline that were refused or ran out of time: a manager refunds them (`sales.void`). */
  'sales.toRefund': method<readonly SaleView[]>()('manager', none, { passive: true }),
  'sales.get': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() }), { passive: true }),
  'sales.retry': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  /** A manager closes a sale the service never got (failed, not found) for good, with a reason. */
  'sales.void': method<SaleView>()(
    'manager',
    z.strictObject({
      id: z.uuid(),
      reason: z.string().trim().min(1, problem('required')).max(200),
    }),
  ),
  /** Looks an uncertain sale up at the service now (never sends it again), then answers its view. */
  'sales.check': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  'sales.readiness': method<SalesReadiness>()('clerk', none, { passive: true }),
  /**
   * Whether the shop's credit with the eSIM service covers an order, asked before the clerk takes
   * payment: a package and quantity (a sale, a group or vouchers), or a top-up of an eSIM. Answers
   * true, false, or null when the credit or the cost is not known; never the balance itself.
   */
  'sales.covers': method<{ readonly covered: boolean | null }>()(
    'clerk',
    z.strictObject({
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(Math.max(GROUP_MAX_QUANTITY, MAX_VOUCHERS)),
      iccid: iccidInput.optional(),
    }),
    { passive: true },
  ),
  'sales.list': method<readonly SaleView[]>()(
    'clerk',
    z.strictObject({
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      query: z.string().trim().max(100).optional(),
    }),
  ),
  /** How the start settled the last run's unfinished sales, and the sales still being checked now. */
  'sales.pending': method<PendingSales>()('clerk', none),
  /** Showing a QR again needs a manager's PIN at the counter (step-up), and leaves an audit entry. */
  'sales.reveal': method<SaleView>()(
    'clerk',
    z.strictObject({ id: z.uuid(), managerStaffId: z.string().min(1).max(64), managerPin: pin }),
  ),
} as const;
