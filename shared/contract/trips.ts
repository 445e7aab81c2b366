/**
 * The contract's trip planner: the ways to cover a trip through several countries from the
 * catalogue the counter holds. Answered by electron/backend/trips/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { MAX_TRIP_COUNTRIES, type TripPlan, type TripUses } from '../trips.ts';
import { countryCode, method, none } from './base.ts';

/** A trip as the clerk enters it: the countries in travel order, the days, the data a day. */
export const tripInput = z.strictObject({
  countries: z
    .array(countryCode)
    .min(1, problem('too_few_items'))
    .max(MAX_TRIP_COUNTRIES, problem('too_many_items'))
    // A country visited twice is one stay: the planner splits the days by country.
    .refine((codes) => new Set(codes).size === codes.length, problem('invalid')),
  days: z.number().int(problem('not_whole')).min(1, problem('too_small')).max(365, problem('too_big')),
  /** MB a day; absent when the customer has not said. 100 GB a day is more than any package holds. */
  dataMbPerDay: z.number().min(0, problem('too_small')).max(100_000, problem('too_big')).optional(),
});

export const tripsMethods = {
  /** Cheapest first; each option says what it leaves uncovered (a country, days, data). */
  'trip.plan': method<TripPlan>()('clerk', tripInput),
  /** The store's data a day for each way a customer uses data, as a manager set them in Settings. */
  'trip.uses': method<TripUses>()('clerk', none),
} as const;
