import type { PackageOffer } from './catalog.ts';
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

/**
 * How much data a day a customer's use takes, in MB, by what they say they do: the store's own rule
 * of thumb (a manager sets it in Settings, tripUsesSchema in shared/settings.ts), so two clerks answer
 * "maps and messages" the same way. No zod here: the counter's first paint imports this file.
 */
export type TripUses = { readonly light: number; readonly everyday: number; readonly heavy: number };
export const DEFAULT_TRIP_USES: TripUses = { light: 250, everyday: 1024, heavy: 3072 };
