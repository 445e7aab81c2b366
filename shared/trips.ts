import { z } from 'zod';
import type { PackageOffer } from './catalog.ts';
import { problem } from './errors.ts';
import type { Money } from './money.ts';

/** A trip as the clerk enters it: where (ISO codes, in travel order), how long, and how much data a day. */
export type TripRequest = {
  readonly countries: readonly string[];
  readonly days: number;
  /** Absent: the customer has not said, so no package is ever short of data. */
  readonly dataMbPerDay?: number;
};

/** One way to cover a trip, from the catalogue the counter holds, at the store's prices. */
export type TripOption = {
  /** `country`: the trip country the package serves when it serves one only; absent when it serves several. */
  packages: { id: string; country?: string }[];
  total: Money;
  /** The least a part gives per day of the countries it serves; 0 when every part is unlimited. */
  dataMbPerDay: number;
  unlimited: boolean;
  /** Trip countries no package serves, in travel order, then 'days' and 'data' for any part falling short. */
  uncovered: string[];
  daysShort: number;
  dataShortMb: number;
};

/** The options, and every package they name at the store's prices, for the screen to describe and sell. */
export type TripPlan = { readonly options: readonly TripOption[]; readonly packages: readonly PackageOffer[] };

/** The partition of a trip into blocks takes 3^n steps: some 530,000 at 12 countries, more past it. */
export const MAX_TRIP_COUNTRIES = 12;

/** MB a day, as a manager sets a use's figure: 100 GB a day is more than any package holds. */
const mbPerDay = z.number().int(problem('not_whole')).min(1, problem('too_small')).max(100_000, problem('too_big'));

/**
 * How much data a day a customer's use takes, by what they say they do: the store's own rule of
 * thumb (a manager sets it in Settings), so two clerks answer "maps and messages" the same way.
 */
export const tripUsesSchema = z.strictObject({ light: mbPerDay, everyday: mbPerDay, heavy: mbPerDay });
export type TripUses = z.output<typeof tripUsesSchema>;
export const DEFAULT_TRIP_USES: TripUses = { light: 250, everyday: 1024, heavy: 3072 };
