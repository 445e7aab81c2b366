// POST /v2/orders-async: validated now, answered 202, placed in the background and delivered
// to the webhook (the request's webhook_url, else the async_orders opt-in).
import { Hono } from 'hono';
import { formatTimestamp } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { requestId } from '../domain/ids.ts';
import { placeOrder, recordFailedOrder, type Failure } from '../domain/orders.ts';
import { validateOrderInput } from '../domain/orders.ts';
import { isHttpUrl, readBody, str } from '../http/body.ts';
import { businessBody, invalid, ok } from '../http/respond.ts';
import type { OrderRec } from '../model.ts';
import { orderJson } from '../render/orders.ts';
import { enqueueWebhook } from '../webhooks.ts';

/** The webhook body of a completed (or failed) async or future order. */
export function orderWebhookPayload(ctx: SandboxContext, id: string, result: { order: OrderRec } | Failure): unknown {
  if ('order' in result) return { data: { ...orderJson(ctx, result.order), request_id: id }, meta: { message: 'success' } };
  if (result.kind === 'invalid') return { request_id: id, data: result.fields, meta: { message: 'the parameter is invalid' } };
  return { request_id: id, ...businessBody(result.code, result.extra) };
}

export function asyncOrderRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.post('/v2/orders-async', async (c) => {
    const body = await readBody(c);
    const v = validateOrderInput(ctx, body);
    if ('fields' in v) return invalid(c, v.fields);
    // SDK-node sends "webhook_url": null when none was given: that means absent.
    const given = str(body, 'webhook_url');
    if (given && !isHttpUrl(given)) return invalid(c, { webhook_url: 'The webhook url must be a valid URL.' });
    const url = given || ctx.store.subscriptions.get('async_orders')?.contactPoint;
    if (!url) return c.json({ reason: 'User is not opted in and no webhook URL provided.' }, 422);
    const id = requestId();
    const acceptedAt = ctx.clock.now();
    ctx.store.asyncOrders.put(id, { requestId: id, acceptedAt, webhookUrl: url, input: v.input, done: false });
    ctx.engine.kick();
    return ok(c, { request_id: id, accepted_at: formatTimestamp(acceptedAt) }, 202);
  });
  return app;
}

/** Processor: places accepted async orders and queues their webhooks. */
export function asyncOrderProcessor(ctx: SandboxContext): void {
  for (const rec of ctx.store.asyncOrders.values()) {
    if (rec.done) continue;
    const result = placeOrder(ctx, rec.input, rec.requestId);
    if (!('order' in result)) recordFailedOrder(ctx, rec.input, rec.requestId);
    rec.done = true;
    ctx.store.asyncOrders.put(rec.requestId, rec);
    enqueueWebhook(ctx, rec.webhookUrl, 'async_order_notification', orderWebhookPayload(ctx, rec.requestId, result));
  }
}
