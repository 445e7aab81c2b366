/** Topping up a sold eSIM: what can be added to it, and the top-up from its order to its end. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function topupsHandlers({ topups }: Pick<HandlerServices, 'topups'>): AreaHandlers<'topups'> {
  return {
    'topups.options': ({ iccid }) => topups.options(iccid),
    'topups.create': (input, { session }) => topups.create(input, session!),
    'topups.get': ({ id }) => topups.view(id),
    'topups.retry': ({ id }, { session }) => topups.retry(id, session!),
    'topups.check': ({ id }) => topups.check(id),
  };
}
