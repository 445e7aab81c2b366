/** The head office's two contract methods; the dispatcher has checked the manager's role. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function chainHandlers({ chain }: Pick<HandlerServices, 'chain'>): AreaHandlers<'chain'> {
  return {
    'chain.join': (input, { session }) => chain.join(input, session!),
    'chain.status': () => chain.status(),
  };
}
