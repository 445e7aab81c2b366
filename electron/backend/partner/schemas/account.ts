import { z } from 'zod';
import { envelope, num, toMoney } from './common.ts';

export const Balance = z.object({
  name: z.string(),
  /** As Money in its currency. */
  availableBalance: z
    .object({ amount: num, currency: z.string() })
    .transform(({ amount, currency }, ctx) => toMoney(amount, currency, ctx)),
});

/** `balances` is an object, or an empty array when there is no account. */
export const BalanceResponse = envelope(z.object({ balances: z.union([Balance, z.array(z.unknown()).max(0)]) }));

export const RefundResponse = envelope(
  z.object({ refund_id: z.union([z.string(), z.number()]).transform(String), created_at: z.string() }),
);

export const Notification = z.object({
  type: z.string(),
  contact_point: z.string(),
  language: z.string().nullable().optional(),
  levels: z.array(num).nullable().optional(),
});

export const NotificationResponse = envelope(z.object({ notification: Notification }));

/** POST /v2/simulator/webhook: `{ success }` with no envelope. */
export const SimulatorResponse = z.object({ success: z.string() });
export const SimulatorErrorBody = z.object({ error: z.string() });

export type Balance = z.infer<typeof Balance>;
export type BalanceResponse = z.infer<typeof BalanceResponse>;
export type RefundResponse = z.infer<typeof RefundResponse>;
export type Notification = z.infer<typeof Notification>;
export type NotificationResponse = z.infer<typeof NotificationResponse>;
export type SimulatorResponse = z.infer<typeof SimulatorResponse>;
