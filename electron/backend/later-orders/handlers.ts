/**
 * Group and future orders: a tour group's eSIMs made by the service in the background, and a
 * package sold now for a departure date. The role is checked by the dispatcher before any of these runs.
 */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function laterOrdersHandlers(
  services: Pick<HandlerServices, 'sales' | 'futureOrders'>,
): AreaHandlers<'groupOrders' | 'futureOrders'> {
  const { sales, futureOrders } = services;
  return {
    'groupOrders.create': (input, { session }) => sales.createGroup(input, session!),
    'groupOrders.get': ({ id }, { session }) => sales.groupView(id, session),
    'futureOrders.create': (input, { session }) => futureOrders.create(input, session!),
    'futureOrders.list': ({ refresh }) => futureOrders.list(refresh),
    'futureOrders.cancel': ({ id }, { session }) => futureOrders.cancel(id, session!),
  };
}
