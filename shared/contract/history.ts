/**
 * The contract's History of everything the counter sold, sales and top-ups together. Answered by
 * electron/backend/history/.
 */
import { z } from 'zod';
import type { HistoryEntry } from '../history.ts';
import { method } from './base.ts';

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
} as const;
