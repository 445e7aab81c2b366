/** The named points in the sale path where a crash test may kill the process (crash-points.ts). */
export const CRASH_POINTS = [
  'after_intent',
  'after_submitting',
  'after_response',
  'after_complete',
  // The head office's shipper (electron/chain/shipper.ts): inside a batch's PostgreSQL transaction,
  // and after its commit before the outbox is told.
  'ship_mid_batch',
  'ship_after_commit',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];
