/**
 * Till sessions: the opening float of a day's drawer, and what a close counts for every tender.
 * The float is in the store's currency; a close expects it back in the drawer on top of the cash
 * taken, and counts the card terminal's and "other" totals against the journal's.
 */
import type { Money } from './money.ts';

export type TillSession = {
  readonly date: string;
  readonly float: Money;
  /** Entered at the day's first sign-in, or carried from the cash counted at the last close. */
  readonly source: 'entered' | 'carried';
  readonly openedAt: string;
  readonly openedByName: string;
};

/** For the first sign-in of a day: today's session if opened, else what could be carried over. */
export type TillToday = {
  readonly date: string;
  readonly session: TillSession | null;
  /** The cash counted at the last close in the store's currency, offered as the float; null if none. */
  readonly carry: Money | null;
};

/** A tender other than cash at a close: the journal's figure, the one counted, and the difference. */
export type TenderCount = {
  readonly method: 'card' | 'other';
  readonly currency: string;
  readonly expected: number;
  readonly counted: number;
  /** Counted minus expected: negative when the terminal shows less than the journal. */
  readonly difference: number;
};

export const COUNTED_TENDERS = ['card', 'other'] as const;

/**
 * Whether a difference is above the threshold: one in the threshold's currency by more than it,
 * one in another currency by anything (it cannot be compared).
 */
export function aboveThreshold(differences: readonly Money[], threshold: Money | null): boolean {
  if (!threshold) return false;
  return differences.some((d) => (d.currency === threshold.currency ? Math.abs(d.minor) > threshold.minor : d.minor !== 0));
}
