/**
 * The contract's chain of stores: joining a head office, and how the journal's shipping to it
 * goes. Answered by electron/backend/chain/.
 */
import { z } from 'zod';
import { CHAIN_ID_PATTERN, type ChainStatus } from '../chain.ts';
import { problem } from '../errors.ts';
import { method, none } from './base.ts';

/** A store's or a counter's id in a chain (shared/chain.ts). */
const chainIdInput = z.string().trim().min(1, problem('required')).max(24).regex(CHAIN_ID_PATTERN, problem('invalid'));

export const chainMethods = {
  /**
   * Joins this counter to a head office on PostgreSQL: the URL (its password goes to the secret
   * store, never the journal), the store's and this counter's ids (in every reference from now on).
   */
  'chain.join': method<ChainStatus>()(
    'manager',
    z.strictObject({
      url: z
        .string()
        .trim()
        .min(1, problem('required'))
        .max(1000)
        .regex(/^postgres(ql)?:\/\//, problem('invalid')),
      storeId: chainIdInput,
      counterId: chainIdInput,
    }),
  ),
  /** How the journal's shipping to the head office goes: in sync, N waiting, last sent at. */
  'chain.status': method<ChainStatus>()('manager', none, { passive: true }),
} as const;
