/**
 * What the service says of an eSIM after the sale: every package it has had (the first and each
 * top-up), and the status of the order it came with, which is where a refund shows.
 */
import type { PartnerClient } from './client.ts';
import { GetOrderResponse, OrderListResponse, type OrderListEntry } from './schemas/orders.ts';
import { PackageHistoryResponse } from './schemas/sims.ts';

/** GET /v2/sims/{iccid}/packages: 10 a minute per eSIM in the current documents, 1 per 15 minutes in older ones. */
export async function getPackageHistory(client: PartnerClient, iccid: string): Promise<PackageHistoryResponse> {
  return client.call({
    method: 'GET',
    path: `/v2/sims/${encodeURIComponent(iccid)}/packages`,
    schema: PackageHistoryResponse,
  });
}

/** One order with its status (`status.slug`: completed, failed, partially_refunded, refunded). */
export async function getOrderWithStatus(client: PartnerClient, orderId: string): Promise<OrderListEntry> {
  const response = await client.call({
    method: 'GET',
    path: `/v2/orders/${encodeURIComponent(orderId)}`,
    query: { include: 'status' },
    schema: GetOrderResponse,
  });
  return response.data;
}

/**
 * The eSIM order an ICCID came with, with its eSIMs and status; null when the service lists none.
 * The filter is a LIKE, so the ICCID is compared exactly here.
 */
export async function findOrderOfIccid(client: PartnerClient, iccid: string): Promise<OrderListEntry | null> {
  const response = await client.call({
    method: 'GET',
    path: '/v2/orders',
    query: { 'filter[iccid]': iccid, include: 'sims,status', limit: 25, page: 1 },
    schema: OrderListResponse,
  });
  return response.data.find((order) => order.type !== 'topup' && order.sims?.some((sim) => sim.iccid === iccid)) ?? null;
}
