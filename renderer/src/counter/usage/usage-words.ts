/** The usage screen's words and numbers, kept apart from React so they can be unit-tested. */
import { currentFormats, type Formats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';
export type StatusWords = { title: string; next: string; tone: Tone };

/** The statuses the eSIM service sends, with how each looks; any other is "Unknown". */
const TONE = { NOT_ACTIVE: 'neutral', ACTIVE: 'good', FINISHED: 'warn', EXPIRED: 'bad', RECYCLED: 'bad' } as const;
type Known = keyof typeof TONE;

const isKnown = (key: string): key is Known => Object.hasOwn(TONE, key);

/** What the status means and what to do; `packageDays` says how long the package runs once it starts. */
export function statusWords(status: string, packageDays: number | null = null): StatusWords {
  const key = status.toUpperCase();
  if (key === 'NOT_ACTIVE') {
    return {
      title: i18n.t('usage:state.NOT_ACTIVE.title'),
      next:
        packageDays === null
          ? i18n.t('usage:state.NOT_ACTIVE.nextNoDays')
          : i18n.t('usage:state.NOT_ACTIVE.next', { count: packageDays }),
      tone: TONE.NOT_ACTIVE,
    };
  }
  if (!isKnown(key)) {
    return { title: i18n.t('usage:state.UNKNOWN.title'), next: i18n.t('usage:state.UNKNOWN.next'), tone: 'neutral' };
  }
  return { title: i18n.t(`usage:state.${key}.title`), next: i18n.t(`usage:state.${key}.next`), tone: TONE[key] };
}

/** 1536 → "1.5 GB", 300 → "300 MB", as the reader's language writes a data amount. */
export function formatMb(mb: number, f: Formats = currentFormats()): string {
  if (mb >= 1024) {
    const gb = mb / 1024;
    return f.number(gb, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: gb >= 10 ? 0 : 1 });
  }
  return f.number(mb, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 });
}

/** Whole minutes until `iso`, rounded up; 0 when it has passed. */
export function minutesUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
}

/** "as of 14:05, next refresh in 12 min" (or "… a new reading can be asked for now"), on the store's clock. */
export function freshnessLine(asOf: string, nextRefreshAt: string, now: number, f: Formats = currentFormats()): string {
  const minutes = minutesUntil(nextRefreshAt, now);
  const time = f.time(asOf);
  return minutes > 0 ? i18n.t('usage:freshness.next', { time, count: minutes }) : i18n.t('usage:freshness.now', { time });
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
export function expiryWords(status: string, expiresAt: string, now: number, f: Formats = currentFormats()): ExpiryWords {
  const at = Date.parse(expiresAt);
  const when = f.dateTime(at);
  const days = Math.ceil((at - now) / 86_400_000);
  switch (status.toUpperCase()) {
    case 'NOT_ACTIVE':
      return {
        label: i18n.t('usage:expiry.installBy'),
        when,
        left: days > 0 ? i18n.t('usage:expiry.leftToInstall', { count: days }) : null,
      };
    case 'EXPIRED':
      return { label: i18n.t('usage:expiry.ended'), when, left: null };
    default:
      return {
        label: i18n.t('usage:expiry.validUntil'),
        when,
        left: days > 0 ? i18n.t('usage:expiry.left', { count: days }) : null,
      };
  }
}
