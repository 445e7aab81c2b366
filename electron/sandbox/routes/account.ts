// Balance, refund requests, exchange rates and product information.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { formatDate, formatMinute, parseUtc } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { USD_RATES, convert } from '../data/currencies.ts';
import { isEmail, list, readBody, str } from '../http/body.ts';
import { invalid, ok, tooManyAttempts } from '../http/respond.ts';
import { REFUND_REASONS } from '../../../shared/refunds.ts';

export function accountRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  // When each refund request arrived (sandbox clock), for the endpoint's rate limit.
  const refundRequests: number[] = [];

  app.get('/v2/balance', (c) =>
    ok(c, { balances: { name: 'balance', availableBalance: { amount: ctx.store.meta.balance, currency: 'USD' } } }),
  );

  app.post('/v2/refund', async (c) => {
    // Counted before the body is read, as the framework's throttle does: refused requests count too.
    const now = ctx.clock.now();
    const { requests, windowSeconds } = ctx.opts.refundRateLimit;
    while (refundRequests.length > 0 && refundRequests[0]! <= now - windowSeconds * 1000) refundRequests.shift();
    if (refundRequests.length >= requests) {
      const freeAt = refundRequests[0]! + windowSeconds * 1000;
      return tooManyAttempts(c, Math.max(1, Math.ceil((freeAt - now) / 1000)), requests, Math.ceil(freeAt / 1000));
    }
    refundRequests.push(now);
    const body = await readBody(c);
    const iccids = (list(body, 'iccids') ?? []).map(String).filter(Boolean);
    if (iccids.length === 0) return c.json({ data: [], meta: { message: 'The iccids field is required.' } }, 422);
    const fields: Record<string, string> = {};
    if (iccids.length > 5) fields.iccids = 'The iccids may not have more than 5 items.';
    const reason = str(body, 'reason');
    if (!reason) fields.reason = 'The reason field is required.';
    else if (!(REFUND_REASONS as readonly string[]).includes(reason)) {
      fields.reason = `The selected reason is invalid. It must be one of the following: ${REFUND_REASONS.join(', ')}`;
    }
    const notes = str(body, 'notes');
    if (reason === 'OTHERS' && !notes) fields.notes = 'The notes field is required when reason is OTHERS.';
    if (notes && notes.length > 255) fields.notes = 'The notes may not be greater than 255 characters.';
    const email = str(body, 'email');
    if (email && !isEmail(email)) fields.email = 'The email must be a valid email address.';
    if (Object.keys(fields).length) return invalid(c, fields);
    const foreign = iccids.filter((i) => !ctx.store.sims.get(i));
    if (foreign.length) {
      return c.json(
        { data: [], meta: { message: `The following ICCIDs do not belong to your company: ${foreign.join(', ')}` } },
        422,
      );
    }
    const id = String(ctx.store.nextSeq('refund'));
    ctx.store.refunds.put(id, { id, iccids, reason: reason as string, notes, email, createdAt: now, status: 'in_review' });
    return ok(c, { refund_id: id, created_at: formatMinute(now) }, 202);
  });

  app.get('/v2/finance/exchange-rates', (c) => {
    const dateText = c.req.query('date') || formatDate(ctx.clock.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateText) || parseUtc(dateText) === null) {
      return invalid(c, { date: 'The date does not match the format Y-m-d.' });
    }
    const to = (
      c.req.query('to') ||
      Object.keys(USD_RATES)
        .filter((k) => k !== 'USD')
        .join(',')
    )
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    const unknown = to.filter((code) => !(code in USD_RATES));
    if (unknown.length) return invalid(c, { to: `The selected to is invalid: ${unknown.join(', ')}.` });
    // Rates drift a little from day to day, deterministically, around the fixed table.
    const drift = (code: string) => {
      const h = createHash('sha256').update(`${dateText}:${code}`).digest();
      return 1 + ((h.readUInt16BE(0) % 400) - 200) / 100_000;
    };
    return ok(c, {
      date: dateText,
      rates: to.map((code) => ({ from: 'USD', mid: ((USD_RATES[code] as number) * drift(code)).toFixed(7), to: code })),
    });
  });

  app.get('/v2/packages/:slug/product-information', (c) => {
    const slug = c.req.param('slug');
    const pkg = ctx.catalogue.packages.get(slug);
    if (!pkg || slug.length > 100) return c.json({ data: [], meta: { message: `Package not found for slug: ${slug}` } }, 404);
    const op = ctx.catalogue.operatorOf(pkg);
    const hash = createHash('sha256').update(JSON.stringify(pkg)).digest('hex');
    const networks = op.coverages.flatMap((cv) => cv.networks);
    return c.json({
      data: {
        package_id: pkg.id,
        product_name: `${op.title} ${pkg.title}`,
        product_description: `Prepaid eSIM data package for ${op.countryCodes.length > 1 ? `${op.countryCodes.length} countries` : op.countryCodes[0]}: ${pkg.title}.`,
        date_marketed: null,
        service_internet: true,
        service_telephony: pkg.voice !== null,
        service_sms: pkg.text !== null,
        network_providers: [...new Set(networks.map((n) => n.name))],
        network_technologies: [...new Set(networks.flatMap((n) => n.types))],
        data_allowance_mb: pkg.unlimited ? 'Unlimited' : String(pkg.amountMb),
        data_allowance_display: pkg.data,
        validity_days: pkg.days,
        voice_minutes: pkg.voice ?? 0,
        sms_included: pkg.text ?? 0,
        retail_price_eur: convert(pkg.price, 'EUR').toFixed(2),
        max_download_speed_mbit: networks.some((n) => n.types.includes('5G')) ? '1000' : '150',
        max_upload_speed_mbit: networks.some((n) => n.types.includes('5G')) ? '100' : '50',
        throttled_download_speed_mbit: pkg.unlimited ? '1 Mbps' : null,
        throttled_upload_speed_mbit: pkg.unlimited ? '1 Mbps' : null,
        throttle_threshold_mb: pkg.unlimited ? 3072 : null,
        is_unlimited: pkg.unlimited,
        is_fair_usage_policy: pkg.fairUsagePolicy !== null,
        fair_usage_policy: pkg.fairUsagePolicy,
        out_of_bundle_rate_eur_per_mb: '0.00',
        activation_policy: 'first-usage',
        is_roaming: op.isRoaming,
        auto_renewal: 'none',
        terms_url: 'https://sandbox.airalo.com/terms',
        partner_brand_name: 'eSIM Counter',
        partner_logo_url: 'https://sandbox.airalo.com/images/partner-logo.png',
        legal_entity_name: 'Sandbox Telecom Ltd.',
        legal_address: '1 Sandbox Street, Singapore 000001',
        pib_version: 1,
        pib_version_date: '2025-01-01T00:00:00+00:00',
        version_hash: hash,
        pib_version_pdf_link: `https://sandbox.airalo.com/pib/${pkg.id}-v1.pdf`,
      },
    });
  });

  return app;
}
