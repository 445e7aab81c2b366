/** The named points in the sale path where a crash test may kill the process (crash-points.ts). */
export const CRASH_POINTS = [
  'after_intent',
  'after_submitting',
  'after_response',
  // The head office's shipper (electron/backend/chain/shipper.ts): inside a batch's PostgreSQL transaction,
  // and after its commit before the outbox is told.
  'ship_mid_batch',
  'ship_after_commit',
  // An asynchronous (group) order the service accepted, recorded as such, before any look-up.
  'after_accepted',
  'after_complete',
  // A basket (electron/backend/baskets/service.ts): one line settled, the next not yet sent.
  'basket_between_lines',
  // An offline sale (electron/backend/sales/offline.ts): taken and committed, not yet answered; one placed, the next not yet.
  'offline_taken',
  'offline_between_sales',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];
