// The control API under /__sandbox/: lets tests and demos move the clock, use data, recycle eSIMs,
// set stock and balance, inject faults and inspect what the sandbox holds. No bearer needed.
import { Hono } from 'hono';
import type { SandboxContext } from '../context.ts';
import { formatTimestamp } from '../clock.ts';
import { FAULT_KINDS, type FaultInjector, type FaultSpec } from '../faults.ts';
import type { RequestLog } from '../request-log.ts';
import { initialMeta } from '../store.ts';
import { checkLowData } from '../domain/events.ts';
import { consume, recycle, usageOf } from '../domain/sims.ts';
import { decideRefund } from '../domain/refunds.ts';

async function json(c: { req: { text(): Promise<string> } }): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function controlRoutes(ctx: SandboxContext, faults: FaultInjector, requests: RequestLog): Hono {
  const app = new Hono().basePath('/__sandbox');
  const { store, clock } = ctx;

  const clockJson = () => ({ now: formatTimestamp(clock.now()), now_ms: clock.now(), offset_ms: clock.offset() });

  app.get('/clock', (c) => c.json(clockJson()));
  app.post('/clock/advance', async (c) => {
    const body = await json(c);
    const ms = Number(body.ms ?? 0);
    if (!Number.isFinite(ms) || ms < 0) return c.json({ error: 'ms must be a non-negative number' }, 400);
    clock.advance(ms);
    store.updateMeta((m) => {
      m.clockOffset = clock.offset();
    });
    await ctx.engine.tick();
    return c.json(clockJson());
  });

  app.post('/sims/:iccid/use', async (c) => {
    const sim = store.sims.get(c.req.param('iccid'));
    if (!sim) return c.json({ error: 'unknown iccid' }, 404);
    if (sim.recycled) return c.json({ error: 'the eSIM is recycled' }, 409);
    const mb = Number((await json(c)).mb);
    if (!Number.isFinite(mb) || mb < 0) return c.json({ error: 'mb must be a non-negative number' }, 400);
    const used = consume(ctx, sim, mb);
    checkLowData(ctx, sim);
    await ctx.engine.tick();
    return c.json({ iccid: sim.iccid, used_mb: used, usage: usageOf(ctx, sim) });
  });

  app.post('/sims/:iccid/recycle', async (c) => {
    const sim = store.sims.get(c.req.param('iccid'));
    if (!sim) return c.json({ error: 'unknown iccid' }, 404);
    recycle(ctx, sim, clock.now());
    return c.json({ iccid: sim.iccid, recycled: true, recycled_at: formatTimestamp(clock.now()) });
  });

  app.post('/balance', async (c) => {
    const amount = Number((await json(c)).amount);
    if (!Number.isFinite(amount)) return c.json({ error: 'amount must be a number' }, 400);
    store.updateMeta((m) => {
      m.balance = amount;
      m.creditLimit = amount;
      m.creditLevelsFired = [];
    });
    return c.json({ balance: amount });
  });

  app.post('/stock', async (c) => {
    const body = await json(c);
    const id = String(body.package_id ?? '');
    const quantity = body.quantity === null ? null : Number(body.quantity);
    if (!ctx.catalogue.packages.has(id)) return c.json({ error: `unknown package ${id}` }, 404);
    store.updateMeta((m) => {
      if (quantity === null || !Number.isFinite(quantity)) delete m.stock[id];
      else m.stock[id] = Math.max(0, Math.floor(quantity));
    });
    return c.json({ package_id: id, quantity: store.meta.stock[id] ?? null });
  });

  app.post('/faults', async (c) => {
    const body = (await json(c)) as Partial<FaultSpec>;
    if (!body.match || typeof body.match.path !== 'string' || !FAULT_KINDS.includes(body.kind as never)) {
      return c.json(
        { error: `expected {match:{method?, path}, kind: ${FAULT_KINDS.join('|')}, status?, retryAfter?, ms?, times?}` },
        400,
      );
    }
    if (body.retryAfter !== undefined && (typeof body.retryAfter !== 'number' || !Number.isFinite(body.retryAfter))) {
      return c.json({ error: 'retryAfter must be a number of seconds' }, 400);
    }
    const id = faults.add(body as FaultSpec);
    return c.json({ id, faults: faults.list() });
  });
  app.post('/faults/release', (c) => c.json({ released: faults.release() }));
  // How many requests a `hold` holds now: a test waits for its request to be held, not for a time.
  app.get('/faults/held', (c) => c.json({ held: faults.heldCount() }));
  app.get('/faults', (c) => c.json({ faults: faults.list() }));
  app.delete('/faults', (c) => {
    faults.clear();
    return c.json({ faults: [] });
  });

  // A bare array, oldest first: tests filter it directly.
  app.get('/requests', (c) => c.json(requests.list()));
  app.delete('/requests', (c) => {
    requests.clear();
    return c.json([]);
  });

  app.post('/reset', (c) => {
    faults.clear();
    requests.clear();
    store.reset(initialMeta(ctx.opts.seed, ctx.opts.initialBalance));
    clock.setOffset(0);
    return c.json({ reset: true });
  });

  // The partner's manual review of a refund request: approve (all its eSIMs, or those named) or reject.
  app.post('/refunds/:id/decide', async (c) => {
    const refund = store.refunds.get(c.req.param('id'));
    if (!refund) return c.json({ error: 'unknown refund request' }, 404);
    if ((refund.status ?? 'in_review') !== 'in_review') return c.json({ error: `the request is ${refund.status} already` }, 409);
    const body = await json(c);
    if (typeof body.approve !== 'boolean') return c.json({ error: 'expected {approve: boolean, iccids?: string[]}' }, 400);
    const iccids = Array.isArray(body.iccids) ? body.iccids.map(String) : undefined;
    return c.json({ refund: decideRefund(ctx, refund, body.approve, iccids), balance: store.meta.balance });
  });
  app.get('/refunds', (c) => c.json({ refunds: store.refunds.values() }));

  app.get('/orders', (c) => c.json({ orders: store.orders.values() }));
  app.get('/sims', (c) => c.json({ sims: store.sims.values() }));
  app.get('/future-orders', (c) => c.json({ future_orders: store.futureOrders.values() }));
  app.get('/webhooks', (c) => c.json({ deliveries: store.deliveries.values() }));
  app.get('/emails', (c) => c.json({ emails: store.emails.values() }));
  app.get('/vouchers', (c) => c.json({ vouchers: store.vouchers.values() }));
  app.get('/subscriptions', (c) => c.json({ subscriptions: store.subscriptions.values() }));
  app.get('/state', (c) =>
    c.json({ balance: store.meta.balance, credit_limit: store.meta.creditLimit, stock: store.meta.stock, ...clockJson() }),
  );

  return app;
}
