/**
 * The contract's delivery of a sold eSIM: the checkout's e-mail and brand choices, an eSIM's
 * brand, "send again", its install steps and packages, and which eSIM an install QR belongs to.
 * Answered by electron/backend/delivery/.
 */
import { z } from 'zod';
import { SHARING_OPTIONS, type DeliveryOptions, type EsimDelivery } from '../delivery.ts';
import { brandNameSchema, storeEmailSchema } from '../delivery-schemas.ts';
import { problem } from '../errors.ts';
import type { InstallSteps } from '../esims.ts';
import type { EsimPackages } from '../history.ts';
import { iccidInput, method, none } from './base.ts';

export const deliveryMethods = {
  'esims.instructions': method<InstallSteps>()(
    'clerk',
    z.strictObject({
      iccid: iccidInput,
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, problem('language'))
        .default('en'),
    }),
  ),
  /** The eSIM this counter sold with a voucher's install QR (the camera read that, not the ICCID): its ICCID, or null. */
  'esims.byInstallQr': method<{ readonly iccid: string | null }>()(
    'clerk',
    z.strictObject({ qrcode: z.string().trim().min(1).max(1000) }),
  ),
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
  /** The eSIM's packages as the service holds them: the first and every top-up, with what is left. */
  'esims.packages': method<EsimPackages>()('clerk', z.strictObject({ iccid: iccidInput, refresh: z.boolean().default(false) })),
} as const;
