/**
 * The contract's History of everything the counter sold (sales and top-ups), an eSIM's packages as
 * the service holds them, and the answers to refund requests. Spread into `methods`.
 */
import { z } from 'zod';
import { iccidInput, method, none } from './contract-base.ts';
import type { EsimPackages, HistoryEntry, RefundLimit } from './history.ts';
import type { RefundView } from './manager.ts';

export const historyMethods = {
  /**
   * Sales and top-ups together, newest first: a query finds them by reference, order code, ICCID
   * (whole, grouped or a part) and e-mail on every day; without one, those between from and to.
   */
  'history.search': method<readonly HistoryEntry[]>()(
    'clerk',
    z.strictObject({
      query: z.string().trim().max(100).default(''),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
    }),
  ),
  /** The eSIM's packages as the service holds them: the first and every top-up, with what is left. */
  'esims.packages': method<EsimPackages>()('clerk', z.strictObject({ iccid: iccidInput, refresh: z.boolean().default(false) })),
  /** Looks for the service's answers to the open refund requests (at most once a minute unless forced). */
  'refunds.refresh': method<readonly RefundView[]>()('manager', z.strictObject({ force: z.boolean().default(false) })),
  /** How many refund requests the service takes, and when the next may be sent. */
  'refunds.limit': method<RefundLimit>()('manager', none),
} as const;
