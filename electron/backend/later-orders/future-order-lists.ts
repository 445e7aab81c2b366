/** The service's lists of future orders (pending, retry, failed), read once and indexed. */
import type { PartnerClient } from '../partner/client.ts';
import { LISTED_FUTURE_STATUSES, listFutureOrders, type ListedFutureStatus } from '../partner/future-orders.ts';
import type { FutureOrderEntry } from '../partner/schemas/future-orders.ts';

export type Listed = { readonly status: ListedFutureStatus; readonly entry: FutureOrderEntry };

export type ServiceLists = {
  readonly byRequest: ReadonlyMap<string, Listed>;
  /** By description, which holds the counter's reference: how an order whose answer was lost is found. */
  readonly byDescription: ReadonlyMap<string, Listed>;
};

export async function readServiceLists(partner: PartnerClient): Promise<ServiceLists> {
  const byRequest = new Map<string, Listed>();
  const byDescription = new Map<string, Listed>();
  for (const status of LISTED_FUTURE_STATUSES) {
    for (const entry of await listFutureOrders(partner, status)) {
      const listed = { status, entry };
      byRequest.set(entry.request_id, listed);
      if (entry.description) byDescription.set(entry.description, listed);
    }
  }
  return { byRequest, byDescription };
}
