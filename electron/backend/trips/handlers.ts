/** Trips through several countries: the ways to cover them from the catalogue. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function tripsHandlers({ trips, settings }: Pick<HandlerServices, 'trips' | 'settings'>): AreaHandlers<'trip'> {
  return {
    'trip.plan': (input) => trips.plan(input),
    'trip.uses': () => settings.store().tripUses,
  };
}
