// Webhook delivery the way the service does it: compact PHP-json_encode bodies, signed with
// HMAC-SHA512 of exactly those bytes under the client_secret, header `airalo-signature`,
// success only on 200–203, otherwise retried on the sandbox clock.
import { createHmac } from 'node:crypto';
import type { SandboxContext } from './context.ts';
import type { DeliveryRec } from './model.ts';

/** PHP `json_encode` with default flags: compact, `/` as `\/`, every non-ASCII unit as `\uXXXX`. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function signBody(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

const TIMEOUT_MS = 5000;

export function enqueueWebhook(ctx: SandboxContext, url: string, event: string, payload: unknown): DeliveryRec {
  const body = phpJson(payload);
  const now = ctx.clock.now();
  const rec: DeliveryRec = {
    id: ctx.store.nextSeq('delivery'),
    url,
    event,
    body,
    signature: signBody(body, ctx.opts.clientSecret),
    attempts: 0,
    nextAttemptAt: now,
    status: 'pending',
    lastStatus: null,
    lastError: null,
    createdAt: now,
    deliveredAt: null,
  };
  ctx.store.deliveries.put(rec.id, rec);
  ctx.engine.kick();
  return rec;
}

/** One POST; resolves to the status, or throws on a network failure or timeout. */
export async function postOnce(url: string, body: string, signature: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'airalo-signature': signature, 'user-agent': 'Airalo-Webhook/sandbox' },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

/** The HEAD check made at opt-in: the endpoint must answer 200. */
export async function headCheck(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return res.status === 200;
  } catch {
    return false;
  }
}

const inFlight = new WeakMap<SandboxContext, Set<number>>();

/** Processor: sends every delivery that is due, concurrently, and schedules retries. */
export async function deliverDue(ctx: SandboxContext): Promise<void> {
  const busy = inFlight.get(ctx) ?? new Set<number>();
  inFlight.set(ctx, busy);
  const now = ctx.clock.now();
  const due = ctx.store.deliveries.values().filter((d) => d.status === 'pending' && d.nextAttemptAt <= now && !busy.has(d.id));
  await Promise.all(
    due.map(async (d) => {
      busy.add(d.id);
      try {
        let status: number | null = null;
        let error: string | null = null;
        try {
          status = await postOnce(d.url, d.body, d.signature);
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        const rec = ctx.store.deliveries.get(d.id);
        if (!rec) return; // reset while in flight
        rec.attempts += 1;
        rec.lastStatus = status;
        rec.lastError = error;
        if (status !== null && status >= 200 && status < 204) {
          rec.status = 'delivered';
          rec.deliveredAt = ctx.clock.now();
        } else if (rec.attempts > ctx.opts.webhookRetries) {
          rec.status = 'failed';
        } else {
          rec.nextAttemptAt = ctx.clock.now() + ctx.opts.webhookRetryIntervalMs;
        }
        ctx.store.deliveries.put(rec.id, rec);
      } finally {
        busy.delete(d.id);
      }
    }),
  );
}
