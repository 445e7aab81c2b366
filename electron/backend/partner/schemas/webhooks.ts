// Bodies the service POSTs to a partner's webhook.
import { z } from 'zod';
import { int, num } from './common.ts';

export const LowDataWebhook = z.object({
  level: z.enum(['75%', '90%', '3days', '1days']),
  package_name: z.string(),
  remaining_percentage: int,
  iccid: z.string(),
});

export const CreditLimitWebhook = z.object({ message: z.string(), remaining: num });

export type LowDataWebhook = z.infer<typeof LowDataWebhook>;
export type CreditLimitWebhook = z.infer<typeof CreditLimitWebhook>;
