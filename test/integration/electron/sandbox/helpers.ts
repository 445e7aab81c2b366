// Shared plumbing of the sandbox integration tests: one authorised fetch with any body encoding.
import type { z } from 'zod';
import { expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';
import type { SandboxOptions } from '../../../../electron/sandbox/context.ts';

export type Encoding = 'json' | 'multipart' | 'urlencoded';

export type Api = TestSandbox & {
  bearer: string;
  req(
    method: string,
    path: string,
    opts?: { body?: Record<string, unknown>; encoding?: Encoding; headers?: Record<string, string> },
  ): Promise<Response>;
  json(
    method: string,
    path: string,
    opts?: { body?: Record<string, unknown>; encoding?: Encoding; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
};

/** Appends a value the way PHP-style form clients do: arrays as `key[]`, nested objects as `key[i][field]`. */
function appendForm(add: (k: string, v: string) => void, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v && typeof v === 'object') appendForm(add, `${key}[${i}]`, v);
      else add(`${key}[]`, String(v));
    });
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) appendForm(add, `${key}[${k}]`, v);
  } else add(key, String(value));
}

export function encode(body: Record<string, unknown>, encoding: Encoding): { body: BodyInit; headers: Record<string, string> } {
  if (encoding === 'json') return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  if (encoding === 'urlencoded') {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) appendForm((a, b) => p.append(a, b), k, v);
    return { body: p, headers: {} };
  }
  const f = new FormData();
  for (const [k, v] of Object.entries(body)) appendForm((a, b) => f.append(a, b), k, v);
  return { body: f, headers: {} };
}

export async function startApi(opts: SandboxOptions = {}): Promise<Api> {
  const t = await startTestSandbox(opts);
  const bearer = await t.token();
  const req: Api['req'] = async (method, path, o = {}) => {
    const enc = o.body ? encode(o.body, o.encoding ?? 'multipart') : { body: undefined, headers: {} };
    return fetch(`${t.url}${path}`, {
      method,
      headers: { accept: 'application/json', authorization: `Bearer ${bearer}`, ...enc.headers, ...o.headers },
      body: enc.body,
    });
  };
  const json: Api['json'] = async (method, path, o) => {
    const res = await req(method, path, o);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return { ...t, bearer, req, json };
}

/** Parses with the shared schema and fails the test with zod's message when it does not fit. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) expect.fail(`schema mismatch: ${result.error.message}\n${JSON.stringify(value).slice(0, 800)}`);
  return result.data as z.infer<T>;
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Hook = { method: string; headers: IncomingHttpHeaders; body: string };

/** A local webhook endpoint that records what it receives and answers with `status()`. */
export async function startReceiver(status: () => number = () => 200) {
  const received: Hook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = req.method === 'HEAD' ? 200 : status();
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    posts: () => received.filter((r) => r.method === 'POST'),
    async waitForPosts(n: number, timeoutMs = 5000): Promise<Hook[]> {
      const start = Date.now();
      while (received.filter((r) => r.method === 'POST').length < n) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`expected ${n} webhook posts, got ${received.filter((r) => r.method === 'POST').length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.filter((r) => r.method === 'POST');
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Places an order and returns its parsed data. */
export async function order(api: Api, packageId: string, quantity = 1, extra: Record<string, unknown> = {}) {
  const { status, body } = await api.json('POST', '/v2/orders', {
    body: { package_id: packageId, quantity, type: 'sim', ...extra },
  });
  if (status !== 200) throw new Error(`order → ${status} ${JSON.stringify(body)}`);
  return body.data as { id: number; code: string; sims: { iccid: string }[]; [k: string]: unknown };
}

/** The first local sim package of a country, and its operator's first top-up. */
export async function packagesOf(api: Api, country: string) {
  const { body } = await api.json('GET', `/v2/packages?filter[type]=local&filter[country]=${country}&include=topup`);
  const op = body.data[0].operators.find((o: any) => o.packages.some((p: any) => p.type === 'topup'));
  const sims = op.packages.filter((p: any) => p.type === 'sim');
  const topups = op.packages.filter((p: any) => p.type === 'topup');
  return { operator: op, sims, topups } as { operator: any; sims: any[]; topups: any[] };
}
