import type { PartnerClient } from './client.ts';
import {
  OrderListResponse,
  OrderResponse,
  TopupOrderResponse,
  type Order,
  type OrderListEntry,
  type TopupOrder,
} from './schemas/orders.ts';

/**
 * POST /v2/orders, as the interface document shows it: multipart, our sale reference in
 * `description` (the only handle to find the order again if the answer is lost).
 */
export async function submitOrder(
  client: PartnerClient,
  order: {
    packageId: string;
    quantity: number;
    description: string;
    toEmail?: string | null;
    brand?: string | null;
    /** How the e-mail to toEmail carries the eSIM (default: a link). */
    sharing?: readonly ('link' | 'pdf')[];
    /** Copies of that e-mail (the store's own address). */
    copyTo?: readonly string[];
  },
): Promise<Order> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/orders',
    order: true,
    body: {
      encoding: 'multipart',
      fields: {
        package_id: order.packageId,
        quantity: order.quantity,
        type: 'sim',
        description: order.description,
        brand_settings_name: order.brand ?? undefined,
        to_email: order.toEmail ?? undefined,
        sharing_option: order.toEmail ? (order.sharing?.length ? order.sharing : ['link']) : undefined,
        copy_address: order.toEmail && order.copyTo?.length ? order.copyTo : undefined,
      },
    },
    // An order can take a while at the service; a timeout here makes the outcome uncertain.
    timeoutMs: client.orderTimeoutMs,
    schema: OrderResponse,
  });
  return response.data;
}

export async function submitTopup(
  client: PartnerClient,
  topup: { packageId: string; iccid: string; description: string },
): Promise<TopupOrder> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/orders/topups',
    order: true,
    body: { encoding: 'multipart', fields: { package_id: topup.packageId, iccid: topup.iccid, description: topup.description } },
    timeoutMs: client.orderTimeoutMs,
    schema: TopupOrderResponse,
  });
  return response.data;
}

/**
 * Orders whose description matches, with their eSIMs. The service filters with LIKE, so the
 * caller must still compare the description exactly.
 */
export async function findOrdersByDescription(client: PartnerClient, description: string): Promise<OrderListEntry[]> {
  const response = await client.call({
    method: 'GET',
    path: '/v2/orders',
    query: { 'filter[description]': description, include: 'sims,status', limit: 50, page: 1 },
    schema: OrderListResponse,
  });
  return response.data.filter((order) => order.description === description);
}

/**
 * Every order the service made for the UTC dates `fromDate`..`toDate` (inclusive), all pages. An
 * async order it could not make is listed as failed: nothing was sold or charged, so it is left out.
 */
export async function listOrdersCreated(client: PartnerClient, fromDate: string, toDate: string): Promise<OrderListEntry[]> {
  const orders: OrderListEntry[] = [];
  for (let page = 1; ; page++) {
    const response = await client.call({
      method: 'GET',
      path: '/v2/orders',
      query: { 'filter[created_at]': `${fromDate} - ${toDate}`, include: 'status', limit: 100, page },
      schema: OrderListResponse,
    });
    orders.push(...response.data.filter((order) => order.status?.slug !== 'failed'));
    if (response.data.length === 0 || page >= response.meta.last_page) return orders;
  }
}
