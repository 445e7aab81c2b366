/**
 * Retry-After, read in one place. The header comes from a service we do not control: a wrong value
 * must neither lock the counter out for years (a date far ahead, 10 years of seconds) nor crash a
 * later date computation (1e14 seconds is past what a Date can hold), nor be ignored (a 429 without
 * a readable wait still means "wait").
 */

/** Longer than any documented limit window (usage: 15 minutes); a clerk can act on an hour. */
export const RETRY_AFTER_MAX_SECONDS = 3600;
/** The wait assumed when a Retry-After is present but unreadable; the service's minute windows. */
export const RETRY_AFTER_DEFAULT_SECONDS = 60;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Whole seconds to wait, 0…RETRY_AFTER_MAX_SECONDS, from delay-seconds or an HTTP date (RFC 9110
 * §10.2.3). `undefined` only when there is no header: callers then apply their own window.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return RETRY_AFTER_DEFAULT_SECONDS;
  if (NUMBER.test(text)) return clampRetryAfterSeconds(Number(text));
  const date = Date.parse(text);
  if (Number.isNaN(date)) return RETRY_AFTER_DEFAULT_SECONDS;
  // A date in the past means "now" (clock skew between us and the service is not a reason to wait).
  return clampRetryAfterSeconds(Math.max(0, (date - nowMs) / 1000));
}

/** Caps a wait in seconds from anywhere (a header, a stored row, our own limiter) to a sane whole number. */
export function clampRetryAfterSeconds(seconds: number): number {
  if (Number.isNaN(seconds) || seconds < 0) return RETRY_AFTER_DEFAULT_SECONDS;
  return Math.min(RETRY_AFTER_MAX_SECONDS, Math.ceil(seconds));
}
