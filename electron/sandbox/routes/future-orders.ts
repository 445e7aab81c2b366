// Future orders: submit with due-date rules, list by status, cancel up to 24 h before the due
// date; processed when the sandbox clock reaches the due date.
import { Hono } from 'hono';
import { DAY, formatMinute, parseUtc } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { requestId } from '../domain/ids.ts';
import { placeOrder, validateOrderInput } from '../domain/orders.ts';
import { isHttpUrl, readBody, str, list } from '../http/body.ts';
import { pageRequest, paginate } from '../http/paginate.ts';
import { business, invalid, ok } from '../http/respond.ts';
import type { FutureOrderRec, FutureStatus } from '../model.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { orderWebhookPayload } from './async-orders.ts';

const MINUTE_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const LISTED: FutureStatus[] = ['pending', 'failed', 'retry'];

function entryJson(f: FutureOrderRec) {
  return {
    request_id: f.requestId,
    quantity: f.quantity,
    description: f.description,
    status: f.status,
    package_id: f.packageId,
    due_date: formatMinute(f.dueAt),
    latest_cancellation_date: formatMinute(f.dueAt - DAY),
  };
}

export function futureOrderRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/v2/future-orders', async (c) => {
    const body = await readBody(c);
    const v = validateOrderInput(ctx, body);
    const fields: Record<string, string> = 'fields' in v ? { ...v.fields } : {};
    const dueText = str(body, 'due_date');
    const now = ctx.clock.now();
    let dueAt: number | null = null;
    if (!dueText) fields.due_date = 'The due date field is required.';
    else if (!MINUTE_FORMAT.test(dueText) || (dueAt = parseUtc(dueText)) === null) {
      fields.due_date = 'The due date does not match the format Y-m-d H:i.';
    } else {
      const today = parseUtc(new Date(now).toISOString().slice(0, 10)) as number;
      if (dueAt < today + 2 * DAY) fields.due_date = 'Minimum due date must be at least the day after tomorrow in UTC timezone.';
      else if (dueAt > now + 365 * DAY) fields.due_date = 'Maximum due date must be within one year from today.';
    }
    const webhook = str(body, 'webhook_url');
    if (webhook && !isHttpUrl(webhook)) fields.webhook_url = 'The webhook url must be a valid URL.';
    if (Object.keys(fields).length || 'fields' in v) return invalid(c, fields);
    const url = webhook || ctx.store.subscriptions.get('async_orders')?.contactPoint;
    if (!url) return c.json({ reason: 'User is not opted in and no webhook URL provided.' }, 422);
    const pkg = ctx.catalogue.packages.get(v.input.packageId);
    if (pkg?.test?.orderCode === 34) return business(c, 34);

    const rec: FutureOrderRec = {
      requestId: requestId(),
      packageId: v.input.packageId,
      quantity: v.input.quantity,
      description: v.input.description,
      dueAt: dueAt as number,
      status: pkg?.test?.futureStatus ?? 'pending',
      webhookUrl: url,
      brandSettingsName: v.input.brandSettingsName,
      toEmail: v.input.toEmail,
      sharingOption: v.input.sharingOption,
      copyAddress: v.input.copyAddress,
      createdAt: now,
      orderId: null,
    };
    ctx.store.futureOrders.put(rec.requestId, rec);
    if (ctx.opts.futureOrdersImmediate) ctx.engine.kick();
    return ok(c, {
      request_id: rec.requestId,
      due_date: formatMinute(rec.dueAt),
      latest_cancellation_date: formatMinute(rec.dueAt - DAY),
    });
  });

  app.get('/v2/future-orders', (c) => {
    const req = pageRequest(c, 25);
    if ('errors' in req) return invalid(c, req.errors);
    const status = (c.req.query('status') || 'pending') as FutureStatus;
    if (!LISTED.includes(status)) return invalid(c, { status: 'The selected status is invalid.' });
    const bound = (name: 'from_due_date' | 'to_due_date'): number | null | 'bad' => {
      const text = c.req.query(name);
      if (!text) return null;
      return MINUTE_FORMAT.test(text) || /^\d{4}-\d{2}-\d{2}$/.test(text) ? (parseUtc(text) ?? 'bad') : 'bad';
    };
    const from = bound('from_due_date');
    const to = bound('to_due_date');
    const errors: Record<string, string> = {};
    if (from === 'bad') errors.from_due_date = 'The from due date is not a valid date.';
    if (to === 'bad') errors.to_due_date = 'The to due date is not a valid date.';
    if (Object.keys(errors).length) return invalid(c, errors);
    const items = ctx.store.futureOrders
      .values()
      .filter((f) => f.status === status)
      .filter((f) => (from === null || f.dueAt >= (from as number)) && (to === null || f.dueAt <= (to as number)))
      .sort((a, b) => a.dueAt - b.dueAt);
    const page = paginate(c, items, req);
    return c.json({ ...page, data: page.data.map(entryJson) });
  });

  app.post('/v2/cancel-future-orders', async (c) => {
    const body = await readBody(c);
    const ids = list(body, 'request_ids');
    if (!ids || ids.length === 0) return invalid(c, { request_ids: 'The request ids field is required.' });
    if (ids.length > 10) return invalid(c, { request_ids: 'The request ids may not have more than 10 items.' });
    const fields: Record<string, string> = {};
    const now = ctx.clock.now();
    ids.forEach((raw, i) => {
      const id = String(raw);
      const key = `request_ids.${i}`;
      if (ids.slice(0, i).map(String).includes(id)) fields[key] = `The ${key} field has a duplicate value.`;
      else if (id.length !== 25) fields[key] = 'Each request ID must be exactly 25 characters long.';
      else {
        const rec = ctx.store.futureOrders.get(id);
        if (!rec) fields[key] = `Request ID: ${id} does not exist.`;
        else if (rec.status === 'processed' || rec.status === 'cancelled') {
          fields[key] = `Request ID: ${id} is already processed and can not be cancelled.`;
        } else if (now > rec.dueAt - DAY) {
          fields[key] = `Request ID: ${id} can not be cancelled less than 24 hours before its due date.`;
        }
      }
    });
    if (Object.keys(fields).length) return invalid(c, fields);
    for (const raw of ids) {
      const rec = ctx.store.futureOrders.get(String(raw));
      if (!rec) continue;
      rec.status = 'cancelled';
      ctx.store.futureOrders.put(rec.requestId, rec);
    }
    return c.json({ data: [], meta: { message: 'Future orders cancelled successfully' } });
  });

  return app;
}

/** Processor: places pending future orders whose due date has come. */
export function futureOrderProcessor(ctx: SandboxContext): void {
  const now = ctx.clock.now();
  for (const rec of ctx.store.futureOrders.values()) {
    if (rec.status !== 'pending' || ctx.catalogue.packages.get(rec.packageId)?.test?.futureStatus) continue;
    if (!ctx.opts.futureOrdersImmediate && rec.dueAt > now) continue;
    const result = placeOrder(
      ctx,
      {
        packageId: rec.packageId,
        quantity: rec.quantity,
        quantityEcho: rec.quantity,
        description: rec.description,
        brandSettingsName: rec.brandSettingsName,
        toEmail: rec.toEmail,
        sharingOption: rec.sharingOption,
        copyAddress: rec.copyAddress,
      },
      rec.requestId,
    );
    if ('order' in result) {
      rec.status = 'processed';
      rec.orderId = result.order.id;
    } else {
      rec.status = 'failed';
    }
    ctx.store.futureOrders.put(rec.requestId, rec);
    if (rec.webhookUrl)
      enqueueWebhook(ctx, rec.webhookUrl, 'future_order_notification', orderWebhookPayload(ctx, rec.requestId, result));
  }
}
