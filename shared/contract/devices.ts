/**
 * The contract's phones and tablets: whether a customer's device takes an eSIM. Answered by
 * electron/backend/devices/.
 */
import { z } from 'zod';
import type { DeviceMatch } from '../esims.ts';
import { method } from './base.ts';

export const devicesMethods = {
  'devices.search': method<readonly DeviceMatch[]>()(
    'clerk',
    z.strictObject({ query: z.string().max(100), limit: z.number().int().min(1).max(50).default(20) }),
  ),
} as const;
