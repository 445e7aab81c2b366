// eSIMs: list, get (with include), usage on v1 and v2, top-ups, package history,
// installation instructions and brand update.
import { Hono, type Context } from 'hono';
import { formatIsoOffset } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { pickLanguage } from '../data/instructions.ts';
import { topupsFor } from '../domain/orders.ts';
import { bundleStatus, rebrandSharing, usageOf } from '../domain/sims.ts';
import { readBody } from '../http/body.ts';
import { pageRequest, paginate } from '../http/paginate.ts';
import { business, invalid, notFound, ok, tooManyAttempts } from '../http/respond.ts';
import type { SimRec } from '../model.ts';
import { instructionsJson } from '../render/instructions.ts';
import { parseIncludes, simJson } from '../render/orders.ts';
import { packageSummary, pricesOf } from '../render/packages.ts';
import { isDiscountPricing, pricingJson } from '../pricing.ts';
import { dateRange } from './orders.ts';

export function simRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  // Last usage read per ICCID on the sandbox clock; the window is the service's cache.
  const usageReads = new Map<string, number>();
  // Package-history reads per ICCID in the last minute.
  const historyReads = new Map<string, number[]>();

  const simOr404 = (c: Context): SimRec | Response => ctx.store.sims.get(c.req.param('iccid') ?? '') ?? notFound(c);

  app.get('/v2/sims', (c) => {
    const req = pageRequest(c, 25);
    if ('errors' in req) return invalid(c, req.errors);
    let sims = ctx.store.sims.values().sort((a, b) => b.id - a.id);
    const created = c.req.query('filter[created_at]');
    if (created) {
      const range = dateRange(created);
      if (!range) return invalid(c, { 'filter.created_at': 'The filter.created_at does not match the format Y-m-d - Y-m-d.' });
      sims = sims.filter((s) => s.createdAt >= range[0] && s.createdAt <= range[1]);
    }
    const iccid = c.req.query('filter[iccid]');
    if (iccid) sims = sims.filter((s) => s.iccid.includes(iccid));
    const include = parseIncludes(c.req.query('include'));
    const page = paginate(c, sims, req);
    return c.json({ ...page, data: page.data.map((s) => simJson(ctx, s, include)) });
  });

  app.get('/v2/sims/:iccid', (c) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    return ok(c, simJson(ctx, sim, parseIncludes(c.req.query('include'))));
  });

  const usage = (version: 1 | 2) => (c: Context) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    const now = ctx.clock.now();
    const windowMs = ctx.opts.usageWindowSeconds * 1000;
    const last = usageReads.get(sim.iccid);
    if (last !== undefined && now - last < windowMs) {
      const retryAfter = Math.max(1, Math.ceil((last + windowMs - now) / 1000));
      return tooManyAttempts(c, retryAfter, 1, Math.ceil((last + windowMs) / 1000));
    }
    usageReads.set(sim.iccid, now);
    const u = usageOf(ctx, sim);
    const v1 = {
      remaining: u.remaining,
      total: u.total,
      expired_at: u.expired_at,
      is_unlimited: u.is_unlimited,
      status: u.status,
    };
    return ok(c, version === 1 ? v1 : u);
  };
  app.get('/v1/sims/:iccid/usage', usage(1));
  app.get('/v2/sims/:iccid/usage', usage(2));

  app.get('/v2/sims/:iccid/topups', (c) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    if (sim.recycled) return business(c, 73, sim.iccid);
    return c.json({
      pricing: pricingJson(ctx),
      data: topupsFor(ctx, sim).map((p) => ({
        ...packageSummary(p, isDiscountPricing(ctx)),
        prices: pricesOf(p, isDiscountPricing(ctx)),
      })),
    });
  });

  app.get('/v2/sims/:iccid/packages', (c) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    const now = ctx.clock.now();
    const reads = (historyReads.get(sim.iccid) ?? []).filter((at) => at > now - 60_000);
    if (reads.length >= ctx.opts.packageHistoryPerMinute) {
      const freeAt = reads[0]! + 60_000;
      return tooManyAttempts(
        c,
        Math.max(1, Math.ceil((freeAt - now) / 1000)),
        ctx.opts.packageHistoryPerMinute,
        Math.ceil(freeAt / 1000),
      );
    }
    historyReads.set(sim.iccid, [...reads, now]);
    const iso = (ms: number | null) => (ms === null ? null : formatIsoOffset(ms));
    return c.json({
      pricing: pricingJson(ctx),
      data: sim.bundles.map((b) => {
        const summary = packageSummary(ctx.catalogue.packages.get(b.packageId)!, isDiscountPricing(ctx));
        return {
          id: b.id,
          status: sim.recycled ? 'EXPIRED' : bundleStatus(b, now),
          remaining: b.unlimited ? 0 : Math.max(0, b.amountMb - b.usedMb),
          activated_at: iso(b.activatedAt),
          expired_at: iso(b.expiresAt),
          finished_at: iso(b.finishedAt),
          package: summary,
        };
      }),
    });
  });

  app.get('/v2/sims/:iccid/instructions', (c) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    return ok(c, instructionsJson(ctx, sim, pickLanguage(c.req.header('accept-language'))));
  });

  app.put('/v2/sims/:iccid/brand', async (c) => {
    const sim = simOr404(c);
    if (sim instanceof Response) return sim;
    const body = await readBody(c);
    if (!('brand_settings_name' in body)) {
      return invalid(c, { brand_settings_name: 'The brand settings name field must be present.' });
    }
    const raw = body.brand_settings_name;
    const brand = raw === null || raw === '' || raw === 'null' ? null : String(raw);
    if (brand !== null && !ctx.opts.brands.includes(brand)) {
      return invalid(c, { brand_settings_name: "Brand settings name doesn't exist." });
    }
    sim.brandSettingsName = brand;
    sim.sharing = rebrandSharing(sim, brand);
    ctx.store.sims.put(sim.iccid, sim);
    return ok(c, { brand_settings_name: brand });
  });

  return app;
}
