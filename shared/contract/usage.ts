/**
 * The contract's data use of a sold eSIM, and the customer's e-mail when its data runs low.
 * Answered by electron/backend/usage/.
 */
import { z } from 'zod';
import type { UsageReading } from '../esims.ts';
import type { LowDataStatus } from '../product-sheet.ts';
import { lowDataEmailSchema } from '../settings.ts';
import { iccidInput, method, none } from './base.ts';

export const usageMethods = {
  'usage.get': method<UsageReading>()('clerk', z.strictObject({ iccid: iccidInput })),
  'notifications.lowData': method<{ readonly email: string | null }>()('manager', z.strictObject({ email: lowDataEmailSchema })),
  /** The low-data e-mail subscription as the service holds it, beside what the counter saved. */
  'notifications.lowDataStatus': method<LowDataStatus>()('manager', none),
} as const;
