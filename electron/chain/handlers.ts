/** The head office's two contract methods; the dispatcher has checked the manager's role. */
import type { Handlers } from '../rpc.ts';
import type { ChainService } from './service.ts';

export type ChainMethods = 'chain.join' | 'chain.status';

export function createChainHandlers(chain: ChainService): Pick<Handlers, ChainMethods> {
  return {
    'chain.join': (input, { session }) => chain.join(input, session!),
    'chain.status': () => chain.status(),
  };
}
