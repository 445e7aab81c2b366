/**
 * The contract's methods for the rest of the partner service at the counter: eSIM
 * vouchers, the checkout's e-mail and brand choices, a sold eSIM's brand and "send again", product
 * information sheets, and the low-data subscription as the service holds it. Spread into
 * `methods` (contract.ts); declared here so the contract stays one readable file per area.
 */
import { z } from 'zod';
import { iccidInput, method, none } from './contract-base.ts';
import { problem } from './errors.ts';
import { SHARING_OPTIONS, type DeliveryOptions, type EsimDelivery } from './delivery.ts';
import { brandNameSchema, storeEmailSchema } from './delivery-schemas.ts';
import type { LowDataStatus, ProductSheet } from './product-sheet.ts';
import { PAYMENT_METHODS } from './sales.ts';
import { MAX_VOUCHERS, type VoucherBatchView } from './vouchers.ts';

export const extrasMethods = {
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
  /** The e-mail choices of the checkout: the store's copy address, the partner's brands. */
  'delivery.options': method<DeliveryOptions>()('clerk', none),
  'delivery.setOptions': method<DeliveryOptions>()(
    'manager',
    z.strictObject({
      storeEmail: storeEmailSchema.optional(),
      brands: z.array(brandNameSchema).max(20).optional(),
      defaultBrand: brandNameSchema.nullable().optional(),
      defaultSharing: z.array(z.enum(SHARING_OPTIONS)).min(1).max(2).optional(),
    }),
  ),
  /** A sold eSIM's brand and whether the service can send it again, read from the service. */
  'esims.delivery': method<EsimDelivery>()('clerk', z.strictObject({ iccid: iccidInput })),
  /** Changes the brand of a sold eSIM at the service; null for the service's own. */
  'esims.setBrand': method<EsimDelivery>()('clerk', z.strictObject({ iccid: iccidInput, brand: brandNameSchema.nullable() })),
  /**
   * The eSIM's sharing page and access code, to send to the customer again: only where the service
   * has one, and only to whom the eSIM's codes are shown (its clerk soon after, or a manager's approval).
   */
  'esims.sendAgain': method<EsimDelivery>()('clerk', z.strictObject({ iccid: iccidInput })),
  /** The package's product information sheet, from the service or the counter's cache. */
  'catalog.productSheet': method<ProductSheet>()('clerk', z.strictObject({ packageId: z.string().min(1).max(120) })),
  /**
   * Opens the package's terms or full product sheet (PDF) as the service links them: the desktop
   * app in the system's browser (`opened`); browser mode answers the address for the page to open.
   * Only an https address the service gave for that package is ever opened.
   */
  'catalog.openSheetLink': method<{ url: string; opened: boolean }>()(
    'clerk',
    z.strictObject({ packageId: z.string().min(1).max(120), link: z.enum(['terms', 'sheetPdf']) }),
  ),
  /** The low-data e-mail subscription as the service holds it, beside what the counter saved. */
  'notifications.lowDataStatus': method<LowDataStatus>()('manager', none),
} as const;
