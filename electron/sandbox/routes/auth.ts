// POST /v2/token and the bearer check every other partner route sits behind.
import { createHmac, randomBytes } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { SandboxContext } from '../context.ts';
import { MINUTE } from '../clock.ts';
import { readBody, str } from '../http/body.ts';
import { invalid, ok, tooManyAttempts, unauthenticated } from '../http/respond.ts';

/** A JWT-looking opaque token: clients must not parse it, but it looks like the real one. */
function issueToken(clientId: string, secret: string, issuedAt: number, expiresAt: number): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = b64({ typ: 'JWT', alg: 'HS256' });
  const body = b64({
    aud: clientId,
    jti: randomBytes(20).toString('hex'),
    iat: Math.floor(issuedAt / 1000),
    exp: Math.floor(expiresAt / 1000),
  });
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export const TOKEN_TTL_SECONDS = 31_622_400;

export function authRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  // Request times per client on the sandbox clock; kept in memory, like the service's cache.
  const attempts = new Map<string, number[]>();

  app.post('/v2/token', async (c) => {
    const body = await readBody(c);
    const clientId = str(body, 'client_id');
    const secret = str(body, 'client_secret');
    const grant = str(body, 'grant_type');

    const now = ctx.clock.now();
    const key = clientId ?? `ip:${c.req.header('x-forwarded-for') ?? 'local'}`;
    const recent = (attempts.get(key) ?? []).filter((t) => t > now - MINUTE);
    const limit = ctx.opts.tokenRateLimitPerMinute;
    if (recent.length >= limit) {
      const retryAfter = Math.max(1, Math.ceil(((recent[0] as number) + MINUTE - now) / 1000));
      attempts.set(key, recent);
      return tooManyAttempts(c, retryAfter, limit, Math.ceil((now + retryAfter * 1000) / 1000));
    }
    recent.push(now);
    attempts.set(key, recent);
    c.header('X-RateLimit-Limit', String(limit));
    c.header('X-RateLimit-Remaining', String(limit - recent.length));

    const errors: Record<string, string> = {};
    if (!clientId) errors.client_id = 'The client id field is required.';
    else if (clientId !== ctx.opts.clientId) errors.client_id = 'The selected client id is invalid.';
    if (!secret) errors.client_secret = 'The client secret field is required.';
    // The real service ignores a missing grant_type (observed); a wrong one is refused.
    if (grant !== null && grant !== 'client_credentials') errors.grant_type = 'The selected grant type is invalid.';
    if (Object.keys(errors).length) return invalid(c, errors);
    if (secret !== ctx.opts.clientSecret) {
      return c.json({ data: [], meta: { message: 'Client authentication failed' } }, 401);
    }
    const expiresAt = now + TOKEN_TTL_SECONDS * 1000;
    const token = issueToken(clientId as string, ctx.opts.clientSecret, now, expiresAt);
    ctx.store.tokens.put(token, { token, clientId: clientId as string, issuedAt: now, expiresAt });
    return ok(c, { token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, access_token: token });
  });

  return app;
}

export function requireBearer(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const rec = m ? ctx.store.tokens.get(m[1] as string) : undefined;
    if (!rec || rec.expiresAt <= ctx.clock.now()) return unauthenticated(c);
    await next();
  };
}
