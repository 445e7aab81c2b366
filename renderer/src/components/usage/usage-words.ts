/** The usage screen's words and numbers, kept apart from React so they can be unit-tested. */
import { clock, dateTime } from '../../../../shared/clock.ts';

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

/** What the status means and what to do; `packageDays` says how long the package runs once it starts. */
export function statusWords(status: string, packageDays: number | null = null): StatusWords {
  const key = status.toUpperCase();
  if (key === 'NOT_ACTIVE') {
    const days = packageDays === null ? 'its days' : `the ${packageDays} day${packageDays === 1 ? '' : 's'}`;
    return {
      ...STATUS.NOT_ACTIVE!,
      next: `Not installed yet, or not connected yet: ${days} start when the phone first connects to a network in a country the package covers.`,
    };
  }
  return (
    STATUS[key] ?? {
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

/** Whole minutes until `iso`, rounded up; 0 when it has passed. */
export function minutesUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
}

/** "as of 14:05, next refresh in 12 min" (or "… a new reading can be asked for now"), on the store's clock. */
export function freshnessLine(asOf: string, nextRefreshAt: string, now: number, timeZone: string): string {
  const minutes = minutesUntil(nextRefreshAt, now);
  return minutes > 0
    ? `As of ${clock(asOf, timeZone)}, next refresh in ${minutes} min`
    : `As of ${clock(asOf, timeZone)}, a new reading can be asked for now`;
}

/** Share of the data left, 0..1; null when unknown or unlimited. */
export function shareLeft(remainingMb: number | null, totalMb: number | null): number | null {
  if (remainingMb === null || totalMb === null || totalMb <= 0) return null;
  return Math.max(0, Math.min(1, remainingMb / totalMb));
}

export type ExpiryWords = { label: string; when: string; left: string | null };

/**
 * The service's expiry date in words for the status it comes with. Before an eSIM is first used it
 * is the install deadline (the eSIM is recycled if not installed by then), not the end of the
 * package, whose days have not started: "Install by", never "Valid until".
 */
export function expiryWords(status: string, expiresAt: string, now: number, timeZone: string): ExpiryWords {
  const at = Date.parse(expiresAt);
  const when = dateTime(at, timeZone);
  const days = Math.ceil((at - now) / 86_400_000);
  const left = days > 0 ? `${days} day${days === 1 ? '' : 's'} left` : null;
  switch (status.toUpperCase()) {
    case 'NOT_ACTIVE':
      return { label: 'Install by', when, left: left && `${left} to install it` };
    case 'EXPIRED':
      return { label: 'Ended', when, left: null };
    default:
      return { label: 'Valid until', when, left };
  }
}
