// Notification opt-in (v1 and v2), details, opt-out, and the webhook simulator.
import { Hono, type Context } from 'hono';
import { formatDate } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { CREDIT_LEVELS, creditLimitPayload } from '../domain/events.ts';
import { requestId } from '../domain/ids.ts';
import { iccidFor } from '../domain/sims.ts';
import { intOf, isEmail, isHttpUrl, list, readBody, str } from '../http/body.ts';
import { invalid, notFound, ok } from '../http/respond.ts';
import type { SubscriptionRec, SubscriptionType } from '../model.ts';
import { headCheck, phpJson, postOnce, signBody } from '../webhooks.ts';

const TYPES: SubscriptionType[] = [
  'webhook_low_data',
  'email_low_data',
  'webhook_credit_limit',
  'email_credit_limit',
  'async_orders',
];
const isWebhook = (t: SubscriptionType) => t.startsWith('webhook_') || t === 'async_orders';

function notificationJson(s: SubscriptionRec) {
  return {
    notification: {
      type: s.type,
      contact_point: s.contactPoint,
      ...(s.language ? { language: s.language } : {}),
      ...(s.levels ? { levels: s.levels } : {}),
    },
  };
}

const LOW_DATA_TYPES: Record<string, { level: string; remaining: number }> = {
  data_75: { level: '75%', remaining: 25 },
  data_90: { level: '90%', remaining: 10 },
  expire_3: { level: '3days', remaining: 40 },
  expire_1: { level: '1days', remaining: 20 },
};
const EVENTS = ['low_data_notification', 'credit_limit_notification', 'async_order_notification'];

export function notificationRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  const optIn = (version: 1 | 2) => async (c: Context) => {
    const body = await readBody(c);
    const type = str(body, 'type') as SubscriptionType | null;
    if (!type) return invalid(c, { type: 'The type field is required.' });
    if (!TYPES.includes(type)) return invalid(c, { type: 'The selected type is invalid.' });
    let contact: string;
    if (isWebhook(type)) {
      const url = str(body, 'webhook_url');
      if (!url) return invalid(c, { webhook_url: 'The webhook url field is required.' });
      if (!isHttpUrl(url)) return invalid(c, { webhook_url: 'The webhook url must be a valid URL.' });
      // The service checks the endpoint with HEAD before accepting it.
      if (!(await headCheck(url))) {
        return invalid(c, { webhook_url: 'The webhook url did not respond with 200 to a HEAD request.' });
      }
      contact = url;
    } else {
      const email = str(body, 'email');
      if (!email) return invalid(c, { email: 'The email field is required.' });
      if (!isEmail(email)) return invalid(c, { email: 'The email must be a valid email address.' });
      contact = email;
    }
    let levels: number[] | null = null;
    if (type.endsWith('credit_limit')) {
      const raw = list(body, 'levels');
      if (raw) {
        levels = [];
        for (const [i, v] of raw.entries()) {
          const n = intOf(v);
          if (n === null || !CREDIT_LEVELS.includes(n)) return invalid(c, { [`levels.${i}`]: 'The selected level is invalid.' });
          levels.push(n);
        }
      } else levels = [...CREDIT_LEVELS];
    }
    const rec: SubscriptionRec = {
      type,
      contactPoint: contact,
      language: str(body, 'language'),
      levels,
      createdAt: ctx.clock.now(),
    };
    ctx.store.subscriptions.put(type, rec);
    if (version === 1) {
      // The spec gives this response's content type as text/plain.
      return c.body(JSON.stringify({ data: notificationJson(rec), meta: { message: 'success' } }), 200, {
        'content-type': 'text/plain; charset=UTF-8',
      });
    }
    return ok(c, notificationJson(rec));
  };
  app.post('/v1/notifications/opt-in', optIn(1));
  app.post('/v2/notifications/opt-in', optIn(2));

  app.get('/v2/notifications/opt-in', (c) => {
    const wanted = c.req.query('type');
    const rec = wanted ? ctx.store.subscriptions.get(wanted) : TYPES.map((t) => ctx.store.subscriptions.get(t)).find(Boolean);
    return rec ? ok(c, notificationJson(rec)) : notFound(c);
  });

  app.post('/v2/notifications/opt-out', async (c) => {
    const type = str(await readBody(c), 'type') as SubscriptionType | null;
    if (!type) return invalid(c, { type: 'The type field is required.' });
    if (!TYPES.includes(type)) return invalid(c, { type: 'The selected type is invalid.' });
    ctx.store.subscriptions.delete(type);
    return c.body(null, 204);
  });

  app.post('/v2/simulator/webhook', async (c) => {
    const body = await readBody(c);
    const event = str(body, 'event');
    if (!event || !EVENTS.includes(event)) {
      return invalid(c, { event: `Event must be one of: ${EVENTS.join(', ')}` });
    }
    let payload: unknown;
    let subscription: SubscriptionType;
    if (event === 'low_data_notification') {
      const t = str(body, 'type');
      const spec = t ? LOW_DATA_TYPES[t] : undefined;
      if (!spec) return invalid(c, { type: `Type must be one of: ${Object.keys(LOW_DATA_TYPES).join(', ')}` });
      const sim = ctx.store.sims.values()[0];
      payload = {
        level: spec.level,
        package_name: sim?.packageId ?? 'sandbox-test-7days-1gb',
        remaining_percentage: spec.remaining,
        iccid: str(body, 'iccid') || iccidFor(ctx.opts.seed, 999_999),
      };
      subscription = 'webhook_low_data';
    } else if (event === 'credit_limit_notification') {
      const level = intOf(body.level);
      if (level === null || !CREDIT_LEVELS.includes(level)) {
        return invalid(c, { level: `Level must be one of: ${CREDIT_LEVELS.join(', ')}` });
      }
      const { creditLimit } = ctx.store.meta;
      payload = creditLimitPayload(level, creditLimit * (1 - level / 100));
      subscription = 'webhook_credit_limit';
    } else {
      const id = requestId();
      const pkg = [...ctx.catalogue.packages.values()][0];
      payload = {
        data: {
          request_id: id,
          id: 999999,
          code: `${formatDate(ctx.clock.now()).replaceAll('-', '')}-999999`,
          package_id: pkg?.id,
          quantity: 1,
          type: 'sim',
          sims: [],
        },
        meta: { message: 'success' },
      };
      subscription = 'async_orders';
    }
    const override = str(body, 'webhook_url');
    const url = override || ctx.store.subscriptions.get(subscription)?.contactPoint;
    if (!url) return c.json({ error: 'User is not opted in' }, 400);
    const bytes = phpJson(payload);
    const signature = signBody(bytes, ctx.opts.clientSecret);
    const status: number | null = await postOnce(url, bytes, signature).catch(() => null);
    const delivered = status !== null && status >= 200 && status < 204;
    const id = ctx.store.nextSeq('delivery');
    const now = ctx.clock.now();
    ctx.store.deliveries.put(id, {
      id,
      url,
      event: `simulated:${event}`,
      body: bytes,
      signature,
      attempts: 1,
      nextAttemptAt: now,
      status: delivered ? 'delivered' : 'failed',
      lastStatus: status,
      lastError: null,
      createdAt: now,
      deliveredAt: delivered ? now : null,
    });
    if (!delivered) return c.json({ error: `Could not push data to ${url}` }, 400);
    return c.json({ success: 'Notification sent' });
  });

  return app;
}
