// Starts the sandbox: a stateful HTTP simulator of the partner service on 127.0.0.1.
import { serve, type HttpBindings } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { buildCatalogue } from './catalogue.ts';
import { createClock } from './clock.ts';
import type { ResolvedOptions, SandboxContext, SandboxOptions } from './context.ts';
import { Engine } from './engine.ts';
import { FaultInjector } from './faults.ts';
import { RequestLog } from './request-log.ts';
import { authRoutes, requireBearer } from './routes/auth.ts';
import { controlRoutes } from './routes/control.ts';
import { partnerRoutes } from './routes/index.ts';
import { qrRoutes } from './routes/qr.ts';
import { initialMeta, Store } from './store.ts';
import { PROCESSORS } from './processors.ts';

export const DEFAULT_CLIENT_ID = 'demo-counter';
export const DEFAULT_CLIENT_SECRET = 'demo-counter-secret';
export const DEFAULT_SEED = 20240601;

export type Sandbox = {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return {
    port: options.port ?? 0,
    clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
    statePath: options.statePath,
    seed: options.seed ?? DEFAULT_SEED,
    tokenRateLimitPerMinute: options.tokenRateLimitPerMinute ?? 5,
    usageWindowSeconds: options.usageWindowSeconds ?? 15 * 60,
    initialBalance: options.initialBalance ?? 10_000,
    tickIntervalMs: options.tickIntervalMs ?? 1000,
    webhookRetries: options.webhookRetries ?? 20,
    webhookRetryIntervalMs: options.webhookRetryIntervalMs ?? 15 * 60_000,
    futureOrdersImmediate: options.futureOrdersImmediate ?? false,
    recycledUsage: options.recycledUsage ?? 'spec',
    topupPurchaseLimit: options.topupPurchaseLimit ?? 10,
    brands: options.brands ?? ['eSIM Counter', 'Demo Brand'],
    discountPercentage: options.discountPercentage ?? 0,
    refundRateLimit: options.refundRateLimit ?? { requests: 5, windowSeconds: 60 },
    refundReviewMs: options.refundReviewMs ?? null,
    packageHistoryPerMinute: options.packageHistoryPerMinute ?? 10,
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const opts = resolveOptions(options);
  const store = new Store(opts.statePath, initialMeta(opts.seed, opts.initialBalance));
  // A state file keeps the seed it was made with, so its eSIMs keep matching the catalogue.
  opts.seed = store.meta.seed;
  const clock = createClock(store.meta.clockOffset);
  let baseUrl = '';
  const ctx: SandboxContext = {
    opts,
    clock,
    catalogue: buildCatalogue(opts.seed),
    store,
    engine: { kick() {}, tick: async () => {} },
    baseUrl: () => baseUrl,
  };
  const engine = new Engine(ctx, PROCESSORS);
  ctx.engine = engine;
  const faults = new FaultInjector();
  const requests = new RequestLog(() => clock.now());

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', requests.middleware());
  app.route('/', controlRoutes(ctx, faults, requests));
  app.use('*', faults.middleware());
  app.route('/', authRoutes(ctx));
  app.route('/', qrRoutes(ctx));
  app.use('/v1/*', requireBearer(ctx));
  app.use('/v2/*', requireBearer(ctx));
  app.route('/', partnerRoutes(ctx));
  app.notFound((c) => c.json({ message: `The route ${c.req.path.replace(/^\//, '')} could not be found.` }, 404));
  app.onError((err, c) => {
    console.error('[sandbox] unhandled error', err);
    return c.json({ message: 'Server Error' }, 500);
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
    s.once('error', reject);
  });
  // The client closes an idle connection first (undici after 4 s), as it does with a real service,
  // whose load balancers keep one a minute: Node's own 5 s let the server close a connection just as a
  // client on a busy machine sent on it, and that request failed with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
  engine.start();

  let closed = false;
  return {
    url: baseUrl,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    async close() {
      if (closed) return;
      closed = true;
      await engine.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };
}
