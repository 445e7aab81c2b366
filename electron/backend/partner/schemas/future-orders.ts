import { z } from 'zod';
import { Links, PageMeta, envelope, int } from './common.ts';

/** `YYYY-MM-DD HH:MM`, the future-order date format (no seconds). */
export const minuteStamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

export const FutureOrderAccepted = envelope(
  z.object({ request_id: z.string(), due_date: minuteStamp, latest_cancellation_date: minuteStamp }),
);

export const FutureOrderEntry = z.object({
  request_id: z.string(),
  quantity: int,
  description: z.string().nullable(),
  status: z.string(),
  package_id: z.string(),
  due_date: minuteStamp,
  latest_cancellation_date: minuteStamp,
});

export const FutureOrderListResponse = z.object({ data: z.array(FutureOrderEntry), links: Links, meta: PageMeta });

/** `data` is `[]` in the docs and `{}` in an SDK README. */
export const CancelFutureOrdersResponse = z.object({
  data: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  meta: z.object({ message: z.string() }),
});

export type FutureOrderAccepted = z.infer<typeof FutureOrderAccepted>;
export type FutureOrderEntry = z.infer<typeof FutureOrderEntry>;
export type FutureOrderListResponse = z.infer<typeof FutureOrderListResponse>;
export type CancelFutureOrdersResponse = z.infer<typeof CancelFutureOrdersResponse>;
