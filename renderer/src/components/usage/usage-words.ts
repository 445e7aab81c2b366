/** The usage screen's words and numbers, kept apart from React so they can be unit-tested. */

export type StatusWords = { title: string; next: string; tone: 'good' | 'warn' | 'bad' | 'neutral' };

const STATUS: Record<string, StatusWords> = {
  NOT_ACTIVE: {
    title: 'Not active yet',
    next: 'The package starts when the phone first connects to a network in a country it covers.',
    tone: 'neutral',
  },
  ACTIVE: { title: 'Active', next: 'The eSIM is in use and has data left.', tone: 'good' },
  FINISHED: { title: 'Used up', next: 'All the data is used or the package has ended. Offer a top-up.', tone: 'warn' },
  EXPIRED: { title: 'Expired', next: 'The package’s validity has ended. Offer a top-up, or a new eSIM.', tone: 'bad' },
  RECYCLED: {
    title: 'Recycled',
    next: 'This eSIM can no longer be used or topped up. Sell the customer a new eSIM.',
    tone: 'bad',
  },
};

export function statusWords(status: string): StatusWords {
  return (
    STATUS[status.toUpperCase()] ?? {
      title: 'Unknown',
      next: 'The eSIM service does not say what state this eSIM is in. Check again later.',
      tone: 'neutral',
    }
  );
}

/** 1536 → "1.5 GB", 300 → "300 MB". */
export function formatMb(mb: number): string {
  if (mb >= 1024) {
    const gb = mb / 1024;
    return `${gb >= 10 ? Math.round(gb) : Math.round(gb * 10) / 10} GB`;
  }
  return `${Math.round(mb)} MB`;
}

/** "HH:MM" in the counter's local time. */
export function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
}

/** Whole minutes until `iso`, rounded up; 0 when it has passed. */
export function minutesUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
}

/** "as of 14:05, next refresh in 12 min" (or "… a new reading can be asked for now"). */
export function freshnessLine(asOf: string, nextRefreshAt: string, now: number): string {
  const minutes = minutesUntil(nextRefreshAt, now);
  return minutes > 0
    ? `As of ${clock(asOf)}, next refresh in ${minutes} min`
    : `As of ${clock(asOf)}, a new reading can be asked for now`;
}

/** Share of the data left, 0..1; null when unknown or unlimited. */
export function shareLeft(remainingMb: number | null, totalMb: number | null): number | null {
  if (remainingMb === null || totalMb === null || totalMb <= 0) return null;
  return Math.max(0, Math.min(1, remainingMb / totalMb));
}
