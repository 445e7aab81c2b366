/**
 * Reads from the partner (catalogue, device list, install steps, usage) try again after a
 * passing failure, with exponential backoff and jitter (p-retry), so a blip does not leave the
 * counter with stale data until the next hour. Never the order call: a second order is a second
 * charge, and the sale state machine decides what happens to one whose answer was lost.
 */
import pRetry from 'p-retry';
import { PartnerError } from './errors.ts';

export type ReadRetry = {
  /** Tries after the first (default 4: about 1, 2, 4 and 8 seconds apart, each ±50 %). */
  readonly retries?: number;
  readonly minTimeoutMs?: number;
  readonly maxTimeoutMs?: number;
  /**
   * Only failures that certainly never reached the service: for a read the service counts
   * against a limit (usage: one per eSIM every 15 minutes), a request that did reach it is spent.
   */
  readonly onlyUnsent?: boolean;
  /** Stops the tries still to come (a backend closing): the read then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
};

/** For a read someone at the counter waits for: two more tries within about a second. */
export const QUICK_RETRY: ReadRetry = { retries: 2, minTimeoutMs: 250, maxTimeoutMs: 1_000 };

/** A failure that may pass by itself: nothing reached the service, or it failed or garbled its answer. */
export function isPassing(error: unknown, onlyUnsent = false): boolean {
  if (!(error instanceof PartnerError)) return false;
  if (error.kind === 'network_before_send') return true;
  return !onlyUnsent && (error.kind === 'network_after_send' || error.kind === 'server' || error.kind === 'malformed_response');
}

export function retryRead<T>(read: () => Promise<T>, options: ReadRetry = {}): Promise<T> {
  return pRetry(read, {
    retries: options.retries ?? 4,
    minTimeout: options.minTimeoutMs ?? 1_000,
    maxTimeout: options.maxTimeoutMs ?? 30_000,
    factor: 2,
    randomize: true,
    shouldRetry: ({ error }) => isPassing(error, options.onlyUnsent),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
