// Every partner-facing route module, mounted behind the bearer check.
import { Hono } from 'hono';
import type { SandboxContext } from '../context.ts';
import { accountRoutes } from './account.ts';
import { asyncOrderRoutes } from './async-orders.ts';
import { deviceRoutes } from './devices.ts';
import { futureOrderRoutes } from './future-orders.ts';
import { notificationRoutes } from './notifications.ts';
import { orderRoutes } from './orders.ts';
import { packageRoutes } from './packages.ts';
import { simRoutes } from './sims.ts';
import { voucherRoutes } from './vouchers.ts';

export function partnerRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.route('/', packageRoutes(ctx));
  app.route('/', accountRoutes(ctx));
  app.route('/', orderRoutes(ctx));
  app.route('/', asyncOrderRoutes(ctx));
  app.route('/', futureOrderRoutes(ctx));
  app.route('/', simRoutes(ctx));
  app.route('/', notificationRoutes(ctx));
  app.route('/', voucherRoutes(ctx));
  app.route('/', deviceRoutes());
  return app;
}
