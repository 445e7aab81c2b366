/**
 * Future orders (POST /v2/future-orders, GET /v2/future-orders, POST /v2/cancel-future-orders):
 * an order the service makes at a due time. Like async orders, its result goes to a webhook the
 * counter cannot receive, so the counter reads these lists and the order list instead.
 */
import type { PartnerClient } from './client.ts';
import { NO_WEBHOOK_URL } from './async-orders.ts';
import {
  CancelFutureOrdersResponse,
  FutureOrderAccepted,
  FutureOrderListResponse,
  type FutureOrderEntry,
} from './schemas/future-orders.ts';

export type FutureAccepted = {
  readonly requestId: string;
  /** `YYYY-MM-DD HH:MM`, UTC. */
  readonly dueDate: string;
  readonly latestCancellationDate: string;
};

/** The statuses the service lists; a processed or cancelled future order leaves its lists. */
export const LISTED_FUTURE_STATUSES = ['pending', 'retry', 'failed'] as const;
export type ListedFutureStatus = (typeof LISTED_FUTURE_STATUSES)[number];

export async function submitFutureOrder(
  client: PartnerClient,
  order: { packageId: string; quantity: number; dueDate: string; description: string; toEmail: string },
): Promise<FutureAccepted> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/future-orders',
    order: true,
    body: {
      encoding: 'json',
      value: {
        package_id: order.packageId,
        quantity: order.quantity,
        due_date: order.dueDate,
        webhook_url: NO_WEBHOOK_URL,
        description: order.description,
        // The eSIM reaches the customer by e-mail at the due time: the counter will not be there.
        to_email: order.toEmail,
        sharing_option: ['link'],
      },
    },
    timeoutMs: client.orderTimeoutMs,
    schema: FutureOrderAccepted,
  });
  const { request_id, due_date, latest_cancellation_date } = response.data;
  return { requestId: request_id, dueDate: due_date, latestCancellationDate: latest_cancellation_date };
}

/** Every future order the service lists with this status, all pages. */
export async function listFutureOrders(client: PartnerClient, status: ListedFutureStatus): Promise<FutureOrderEntry[]> {
  const entries: FutureOrderEntry[] = [];
  for (let page = 1; ; page++) {
    const response = await client.call({
      method: 'GET',
      path: '/v2/future-orders',
      query: { status, limit: 100, page },
      schema: FutureOrderListResponse,
    });
    entries.push(...response.data);
    if (response.data.length === 0 || page >= response.meta.last_page) return entries;
  }
}

/** Cancels one future order; the service refuses inside 24 hours of its due time, or once made. */
export async function cancelFutureOrder(client: PartnerClient, requestId: string): Promise<void> {
  await client.call({
    method: 'POST',
    path: '/v2/cancel-future-orders',
    body: { encoding: 'json', value: { request_ids: [requestId] } },
    timeoutMs: client.orderTimeoutMs,
    schema: CancelFutureOrdersResponse,
  });
}
