// GET /v2/packages: the nested catalogue with filter[type], filter[country], include=topup, limit, page.
import { Hono } from 'hono';
import type { SandboxContext } from '../context.ts';
import { pickLanguage } from '../data/instructions.ts';
import { invalid } from '../http/respond.ts';
import { pageRequest, paginate } from '../http/paginate.ts';
import { entryJsonText } from '../render/packages.ts';
import { isDiscountPricing, pricingJson } from '../pricing.ts';

export function packageRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const visible = ctx.catalogue.entries.filter((e) => !e.hidden);

  app.get('/v2/packages', (c) => {
    const type = c.req.query('filter[type]');
    const country = c.req.query('filter[country]')?.toUpperCase();
    if (type && type !== 'local' && type !== 'global') {
      return invalid(c, { 'filter.type': 'The selected filter.type is invalid.' });
    }
    const includeTopups = (c.req.query('include') ?? '').split(',').includes('topup');
    const entries = visible.filter((e) => {
      if (type && e.kind !== type) return false;
      if (!country) return true;
      if (e.kind === 'local') return e.countryCode === country;
      return e.operators.some((op) => op.countryCodes.includes(country));
    });
    // Without a limit the whole catalogue comes back in one page, as the documentation advises.
    const req = pageRequest(c, Math.max(1, entries.length));
    if ('errors' in req) return invalid(c, req.errors);
    const lang = pickLanguage(c.req.header('accept-language'));
    const page = paginate(c, entries, req, { language: lang });
    // Splices memoised entry texts into the envelope: the catalogue is by far the largest body.
    const discounted = isDiscountPricing(ctx);
    const data = `[${page.data.map((e) => entryJsonText(e, includeTopups, lang, discounted)).join(',')}]`;
    const body = `{"pricing":${JSON.stringify(pricingJson(ctx))},"data":${data},"links":${JSON.stringify(page.links)},"meta":${JSON.stringify(page.meta)}}`;
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  return app;
}
