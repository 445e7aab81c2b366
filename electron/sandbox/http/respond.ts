// The response bodies of the service, in one place so every route answers with the same shapes.
import type { Context } from 'hono';
import { BUSINESS_REASONS } from '../data/test-packages.ts';

export const SUCCESS = { message: 'success' } as const;

export function ok(c: Context, data: unknown, status: 200 | 202 = 200, message = 'success'): Response {
  return c.json({ data, meta: { message } }, status);
}

/** 422 with per-field messages, the framework's validation shape. */
export function invalid(c: Context, fields: Record<string, string>): Response {
  return c.json({ data: fields, meta: { message: 'the parameter is invalid' } }, 422);
}

/** 422 with a business code and no envelope. */
export function business(c: Context, code: number, extra = ''): Response {
  const reason = BUSINESS_REASONS[code]?.(extra) ?? extra;
  return c.json({ code, reason }, 422);
}

export function businessBody(code: number, extra = ''): { code: number; reason: string } {
  return { code, reason: BUSINESS_REASONS[code]?.(extra) ?? extra };
}

export function notFound(c: Context, message = 'messages.resource_not_found'): Response {
  return c.json({ data: [], meta: { message } }, 404);
}

export function tooManyAttempts(c: Context, retryAfterSeconds: number, limit: number, resetAtUnix: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  c.header('X-RateLimit-Limit', String(limit));
  c.header('X-RateLimit-Remaining', '0');
  c.header('X-RateLimit-Reset', String(resetAtUnix));
  return c.json({ message: 'Too Many Attempts.' }, 429);
}

export const UNAUTHENTICATED_MESSAGE =
  'Authentication failed. This could be due to an expired token, please generate a new token. If the issue persists, verify your client_id and client_secret are correct.';

export function unauthenticated(c: Context): Response {
  return c.json({ data: [], meta: { message: UNAUTHENTICATED_MESSAGE } }, 401);
}
