/**
 * The single place that talks HTTP to the partner service: encodes bodies as the interface document
 * asks, applies a timeout to every request, and turns every outcome into either parsed data or a
 * PartnerError whose kind says whether the request can have been carried out.
 */
import type { z } from 'zod';
import { PartnerError } from './errors.ts';
import { parseRetryAfter } from './retry-after.ts';

export type FieldValue = string | number | boolean | null | undefined | readonly string[];

export type RequestBody =
  | { readonly encoding: 'multipart'; readonly fields: Readonly<Record<string, FieldValue>> }
  | { readonly encoding: 'json'; readonly value: unknown };

export type PartnerRequest<S extends z.ZodType> = {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string; // e.g. "/v2/packages"
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: RequestBody;
  readonly token?: string;
  readonly schema: S;
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** An order (a sale, top-up, group order, vouchers, a future order): held by the service's wait (order-hold.ts). */
  readonly order?: boolean;
};

export type HttpOptions = {
  readonly baseUrl: string; // without the /v2 suffix
  readonly fetch?: typeof fetch;
  readonly defaultTimeoutMs?: number;
  readonly now?: () => number;
  /** Told of every request whether the service answered at all (reachability.ts). */
  readonly observe?: ServiceObserver;
};

export type ServiceObserver = { answered(): void; unreachable(): void };

const BEFORE_SEND_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export function createHttp(options: HttpOptions) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');

  return async function request<S extends z.ZodType>(req: PartnerRequest<S>): Promise<z.output<S>> {
    const url = new URL(base + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    let body: string | FormData | undefined;
    if (req.body?.encoding === 'json') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body.value);
    } else if (req.body?.encoding === 'multipart') {
      body = toFormData(req.body.fields); // fetch sets the multipart boundary itself
    }

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: req.method,
        headers,
        body,
        signal: AbortSignal.timeout(req.timeoutMs ?? options.defaultTimeoutMs ?? 20_000),
      });
    } catch (error) {
      options.observe?.unreachable();
      throw networkError(error);
    }
    // Headers came back: the service is there, whatever the body turns out to be.
    options.observe?.answered();
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(error);
    }

    const json = parseJson(text);
    if (response.status >= 200 && response.status < 300) {
      // 204 (opt-out) is "done, nothing to say": only a schema that accepts no body can take it.
      if (response.status === 204 && json === undefined) return parseNoContent(req.schema);
      if (json === undefined)
        throw new PartnerError('malformed_response', 'The partner service sent a response that is not JSON.', {
          status: response.status,
        });
      const parsed = req.schema.safeParse(json);
      if (!parsed.success) {
        throw new PartnerError(
          'malformed_response',
          'The partner service sent a response in an unexpected shape.',
          { status: response.status },
          { cause: parsed.error },
        );
      }
      return parsed.data;
    }
    throw errorFromResponse(response.status, json, parseRetryAfter(response.headers.get('retry-after'), now()));
  };
}

export type Http = ReturnType<typeof createHttp>;

/**
 * The cheapest question that tells whether the service is there: a HEAD of its root, without a
 * token (so it spends none of the few token requests a minute). Any HTTP answer, even 404, counts.
 */
export async function probeService(baseUrl: string, doFetch: typeof fetch = fetch, timeoutMs = 5_000): Promise<boolean> {
  try {
    // A redirect (the real service's root may send a browser elsewhere) is an answer too: not followed.
    const response = await doFetch(new URL(baseUrl.replace(/\/+$/, '') + '/'), {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function parseNoContent<S extends z.ZodType>(schema: S): z.output<S> {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success)
    throw new PartnerError('malformed_response', 'The partner service sent no answer where one was expected.', { status: 204 });
  return parsed.data;
}

function toFormData(fields: Readonly<Record<string, FieldValue>>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, item);
    else form.append(key, String(value));
  }
  return form;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function networkError(error: unknown): PartnerError {
  const err = error as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  const code = err.cause?.code ?? err.code;
  // fetch refuses some ports (e.g. 9, 25) before opening any connection.
  const refusedLocally = (err.cause as { message?: string } | undefined)?.message === 'bad port';
  if ((code && BEFORE_SEND_CODES.has(code)) || refusedLocally) {
    return new PartnerError('network_before_send', 'The partner service could not be reached.', {}, { cause: error });
  }
  if (err.name === 'TimeoutError' || err.cause?.name === 'TimeoutError') {
    return new PartnerError('network_after_send', 'The partner service did not answer in time.', {}, { cause: error });
  }
  return new PartnerError('network_after_send', 'The connection to the partner service broke off.', {}, { cause: error });
}

type ErrorBody = { code?: unknown; reason?: unknown; data?: unknown; meta?: { message?: unknown }; message?: unknown };

function errorFromResponse(status: number, json: unknown, retryAfterSeconds: number | undefined): PartnerError {
  const body = (json && typeof json === 'object' ? json : {}) as ErrorBody;
  const metaMessage = typeof body.meta?.message === 'string' ? body.meta.message : undefined;
  if (status === 429) {
    return new PartnerError('rate_limited', 'The partner service asked us to wait before asking again.', {
      status,
      retryAfterSeconds,
    });
  }
  if (status === 401 || status === 403) {
    return new PartnerError('auth', metaMessage ?? stringOr(body.message, 'The partner service refused our credentials.'), {
      status,
    });
  }
  if (status === 404) return new PartnerError('not_found', 'The partner service does not know it.', { status });
  if (status >= 500) return new PartnerError('server', `The partner service failed (HTTP ${status}).`, { status });
  if (typeof body.reason === 'string') {
    const businessCode = typeof body.code === 'number' ? body.code : undefined;
    return new PartnerError('business', body.reason, { status, businessCode });
  }
  const fields = fieldMessages(body.data);
  const first = Object.values(fields)[0];
  return new PartnerError('validation', first ?? metaMessage ?? `The partner service refused the request (HTTP ${status}).`, {
    status,
    fields,
  });
}

function fieldMessages(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string') out[key] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
    }
  }
  return out;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
}
