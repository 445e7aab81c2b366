// The sandbox clock: wall time plus an offset that tests and the control API move forward.
// Everything time-based in the sandbox (expiry, rate windows, due dates, retries) reads it,
// so a test can jump fifteen minutes or thirty days without waiting.
export type Clock = {
  now(): number;
  advance(ms: number): void;
  offset(): number;
  setOffset(ms: number): void;
};

export function createClock(initialOffsetMs = 0, wallClock: () => number = Date.now): Clock {
  let offsetMs = initialOffsetMs;
  return {
    now: () => wallClock() + offsetMs,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('clock can only move forward');
      offsetMs += ms;
    },
    offset: () => offsetMs,
    setOffset(ms: number) {
      offsetMs = ms;
    },
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC, the service's timestamp format. */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD HH:MM` in UTC, used by future orders. */
export function formatMinute(ms: number): string {
  return formatTimestamp(ms).slice(0, 16);
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** ISO-8601 with a +00:00 offset, the format of package history. */
export function formatIsoOffset(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Parses `YYYY-MM-DD HH:MM[:SS]` or `YYYY-MM-DD` as UTC; null when malformed. */
export function parseUtc(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return null;
  return ms;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
