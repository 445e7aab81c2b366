// The order in which background work runs on every tick: orders first (they create eSIMs and
// webhooks), then the eSIM lifecycle (events), then deliveries of everything queued.
import { lifecycleProcessor } from './domain/events.ts';
import { refundReviewProcessor } from './domain/refunds.ts';
import type { Processor } from './engine.ts';
import { asyncOrderProcessor } from './routes/async-orders.ts';
import { futureOrderProcessor } from './routes/future-orders.ts';
import { deliverDue } from './webhooks.ts';

export const PROCESSORS: Processor[] = [
  asyncOrderProcessor,
  futureOrderProcessor,
  lifecycleProcessor,
  refundReviewProcessor,
  deliverDue,
];
