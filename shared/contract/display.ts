/**
 * The contract's customer display: what it shows, set by the clerk, and the customer's language.
 * Answered by electron/backend/display/.
 */
import { z } from 'zod';
import type { DisplayState } from '../display.ts';
import { CUSTOMER_LANGUAGES } from '../languages.ts';
import { GROUP_MAX_QUANTITY } from '../orders.ts';
import { MAX_TRIP_COUNTRIES } from '../trips.ts';
import { basketLines } from './baskets.ts';
import { iccidInput, method, none } from './base.ts';
import { tripInput } from './trips.ts';

// Not displayMethods: contract.ts exports that name for what the display window may call.
export const customerDisplayMethods = {
  'display.current': method<DisplayState>()('display', none),
  /** The customer picks their language at the display: its words, the voucher, the install steps. */
  'display.setLanguage': method<DisplayState>()(
    'display',
    z.strictObject({ language: z.enum(CUSTOMER_LANGUAGES, 'language.unknown') }),
  ),
  'display.show': method<DisplayState>()(
    'clerk',
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('idle') }),
      z.strictObject({
        kind: z.literal('offer'),
        packageId: z.string().min(1).max(120),
        // A group order's offer shows its whole quantity.
        quantity: z.number().int().min(1).max(GROUP_MAX_QUANTITY).default(1),
      }),
      z.strictObject({ kind: z.literal('install'), saleId: z.uuid() }),
      z.strictObject({ kind: z.literal('thanks') }),
      /** A sale taken while the service is away: where and by when its eSIM comes by e-mail. */
      z.strictObject({ kind: z.literal('emailed'), saleId: z.uuid() }),
      /** The top-up picked for this eSIM and its price, looked up by the backend as it will charge it. */
      z.strictObject({ kind: z.literal('topup'), iccid: iccidInput, packageId: z.string().min(1).max(120) }),
      /**
       * The options of a trip the clerk points to, each by its packages' ids: the backend plans the
       * trip again and shows those of its options, at its prices, never a price the window sent.
       */
      z.strictObject({
        kind: z.literal('trip'),
        trip: tripInput,
        options: z
          .array(z.array(z.string().min(1).max(120)).min(1).max(MAX_TRIP_COUNTRIES))
          .min(1)
          .max(3),
      }),
      /** The basket being filled, each line looked up by the backend at the price it will charge. */
      z.strictObject({ kind: z.literal('basket'), lines: basketLines }),
      /** A completed top-up: what was added. */
      z.strictObject({ kind: z.literal('topup_done'), topupId: z.uuid() }),
    ]),
  ),
} as const;
