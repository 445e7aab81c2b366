/** Everything the counter sold, searched by reference, ICCID, package or code. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import { historyEntries } from './service.ts';

export function historyHandlers(
  services: Pick<HandlerServices, 'db' | 'sales' | 'topups' | 'vouchers' | 'refunds'>,
): AreaHandlers<'history'> {
  return {
    'history.search': ({ query, from, to }, { session }) =>
      historyEntries(services, { ...(query ? { query } : {}), from, to }, session),
  };
}
