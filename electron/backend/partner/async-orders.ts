/**
 * POST /v2/orders-async: the service answers 202 with a request id and makes the order later. It
 * delivers the result only to a webhook, which a counter behind a shop's router cannot receive: the
 * counter finds the order by looking its reference up (orders/submission.ts) instead.
 */
import type { PartnerClient } from './client.ts';
import { AsyncOrderAccepted } from './schemas/orders.ts';

/**
 * Where the service is told to deliver the finished order. The service refuses an async order with
 * no webhook and no opt-in, and the order it posts carries every eSIM's activation code (a bearer
 * secret): `.invalid` is reserved never to resolve (RFC 6761), so nobody can ever receive it.
 */
export const NO_WEBHOOK_URL = 'https://esim-counter.invalid/no-webhook';

/** The largest order the service takes in one request ("The quantity may not be greater than 50."). */
export const PARTNER_MAX_QUANTITY = 50;

export type AsyncAccepted = { readonly requestId: string; readonly acceptedAt: string };

export async function submitAsyncOrder(
  client: PartnerClient,
  order: { packageId: string; quantity: number; description: string; toEmail?: string | null },
): Promise<AsyncAccepted> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/orders-async',
    order: true,
    body: {
      encoding: 'multipart',
      fields: {
        package_id: order.packageId,
        quantity: order.quantity,
        type: 'sim',
        description: order.description,
        webhook_url: NO_WEBHOOK_URL,
        to_email: order.toEmail ?? undefined,
        sharing_option: order.toEmail ? ['link'] : undefined,
      },
    },
    // Accepting is quick, but a lost answer still means it may have been accepted: uncertain.
    timeoutMs: client.orderTimeoutMs,
    schema: AsyncOrderAccepted,
  });
  return { requestId: response.data.request_id, acceptedAt: response.data.accepted_at };
}
