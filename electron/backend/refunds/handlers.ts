/** Refunds asked of the service, from a sale or typed in, and their answers. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function refundsHandlers({ refunds }: Pick<HandlerServices, 'refunds'>): AreaHandlers<'refunds'> {
  return {
    'refunds.request': (input, { session }) => refunds.request(input, session!),
    'refunds.list': () => refunds.list(),
    'refunds.refresh': ({ force }) => refunds.refresh(force),
    'refunds.limit': () => refunds.limit(),
  };
}
