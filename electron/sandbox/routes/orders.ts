// Orders: submit (sync), top-up, list and get. Async orders live in async-orders.ts.
import { Hono } from 'hono';
import { parseUtc, DAY } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { placeOrder, placeTopup, validateOrderInput, type Failure } from '../domain/orders.ts';
import { readBody } from '../http/body.ts';
import { pageRequest, paginate } from '../http/paginate.ts';
import { business, invalid, notFound, ok } from '../http/respond.ts';
import type { OrderRec } from '../model.ts';
import { orderJson, orderListEntry, parseIncludes, topupOrderJson } from '../render/orders.ts';
import type { Context } from 'hono';

export function failureResponse(c: Context, f: Failure): Response {
  return f.kind === 'invalid' ? invalid(c, f.fields) : business(c, f.code, f.extra);
}

/** `Y-m-d - Y-m-d`, inclusive; null when malformed. */
export function dateRange(text: string): [number, number] | null {
  const m = /^(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/.exec(text.trim());
  if (!m) return null;
  const from = parseUtc(m[1] as string);
  const to = parseUtc(m[2] as string);
  return from === null || to === null ? null : [from, to + DAY - 1];
}

const like = (value: string | null | undefined, needle: string) => (value ?? '').toLowerCase().includes(needle.toLowerCase());

export function orderRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/v2/orders', async (c) => {
    const body = await readBody(c);
    const v = validateOrderInput(ctx, body);
    if ('fields' in v) return invalid(c, v.fields);
    const result = placeOrder(ctx, v.input);
    if ('kind' in result) return failureResponse(c, result);
    return ok(c, orderJson(ctx, result.order));
  });

  app.post('/v2/orders/topups', async (c) => {
    const result = placeTopup(ctx, await readBody(c));
    if ('kind' in result) return failureResponse(c, result);
    return ok(c, topupOrderJson(ctx, result.order));
  });

  app.get('/v2/orders', (c) => {
    const req = pageRequest(c, 25);
    if ('errors' in req) return invalid(c, req.errors);
    const q = (k: string) => c.req.query(`filter[${k}]`);
    let orders: OrderRec[] = ctx.store.orders.values().sort((a, b) => b.id - a.id);
    const created = q('created_at');
    if (created) {
      const range = dateRange(created);
      if (!range) return invalid(c, { 'filter.created_at': 'The filter.created_at does not match the format Y-m-d - Y-m-d.' });
      orders = orders.filter((o) => o.createdAt >= range[0] && o.createdAt <= range[1]);
    }
    const code = q('code');
    if (code) orders = orders.filter((o) => like(o.code, code));
    const iccid = q('iccid');
    if (iccid) orders = orders.filter((o) => o.iccids.some((i) => like(i, iccid)));
    const description = q('description');
    if (description) orders = orders.filter((o) => like(o.description, description));
    const status = q('order_status');
    if (status) {
      if (!['completed', 'failed', 'partially_refunded', 'refunded'].includes(status)) {
        return invalid(c, { 'filter.order_status': 'The selected filter.order_status is invalid.' });
      }
      orders = orders.filter((o) => o.status === status);
    }
    const include = parseIncludes(c.req.query('include'));
    const page = paginate(c, orders, req);
    return c.json({ ...page, data: page.data.map((o) => orderListEntry(ctx, o, include)) });
  });

  app.get('/v2/orders/:id', (c) => {
    const id = c.req.param('id');
    const order = /^\d+$/.test(id) ? ctx.store.orders.get(Number(id)) : undefined;
    if (!order) return notFound(c);
    return ok(c, orderListEntry(ctx, order, parseIncludes(c.req.query('include'))));
  });

  return app;
}
