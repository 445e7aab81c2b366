/** Baskets: several packages and top-ups for one payment, each line its own order. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function basketsHandlers({ baskets }: Pick<HandlerServices, 'baskets'>): AreaHandlers<'baskets'> {
  return {
    'baskets.create': (input, { session }) => baskets.create(input, session!),
    'baskets.get': ({ id }, { session }) => baskets.view(id, session),
  };
}
