/**
 * Group and future orders: a tour group's eSIMs made by the service in the background, and a
 * package sold now for a departure date. The role is checked by the dispatcher before any of these runs.
 */
import type { Handlers } from './rpc.ts';
import type { FutureOrdersService } from './services/future-orders.ts';
import type { SalesService } from './services/sales.ts';

export type OrdersMethods =
  'groupOrders.create' | 'groupOrders.get' | 'futureOrders.create' | 'futureOrders.list' | 'futureOrders.cancel';

export function createOrdersHandlers(deps: {
  sales: SalesService;
  futureOrders: FutureOrdersService;
}): Pick<Handlers, OrdersMethods> {
  const { sales, futureOrders } = deps;
  return {
    'groupOrders.create': (input, { session }) => sales.createGroup(input, session!),
    'groupOrders.get': ({ id }, { session }) => sales.groupView(id, session),
    'futureOrders.create': (input, { session }) => futureOrders.create(input, session!),
    'futureOrders.list': ({ refresh }) => futureOrders.list(refresh),
    'futureOrders.cancel': ({ id }, { session }) => futureOrders.cancel(id, session!),
  };
}
