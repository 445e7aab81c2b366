import type { PartnerClient } from './client.ts';
import { EsimVoucherResponse, type EsimVoucher } from './schemas/vouchers.ts';

/**
 * POST /v2/voucher/esim (JSON): codes for one package. The service offers no way to look vouchers
 * up afterwards, so the caller must record the request before sending it and never send it twice.
 */
export async function createEsimVouchers(
  client: PartnerClient,
  request: { packageId: string; quantity: number; bookingReference?: string | null },
): Promise<EsimVoucher> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/voucher/esim',
    order: true,
    body: {
      encoding: 'json',
      value: {
        vouchers: [
          {
            package_id: request.packageId,
            quantity: request.quantity,
            ...(request.bookingReference ? { booking_reference: request.bookingReference } : {}),
          },
        ],
      },
    },
    // Like an order: the service may take a while, and a timeout makes the outcome uncertain.
    timeoutMs: client.orderTimeoutMs,
    schema: EsimVoucherResponse,
  });
  const batch = response.data.find((v) => v.package_id === request.packageId) ?? response.data[0];
  if (!batch) throw new TypeError('The voucher answer named no package');
  return batch;
}
