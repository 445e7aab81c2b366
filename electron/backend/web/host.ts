/**
 * Browser mode: the backend served on loopback to any browser. The same dispatcher as the Electron
 * shell, reached by POST /rpc/<method>; events as server-sent events. Other local programs, other
 * web sites and DNS-rebinding pages are kept out by three checks on every request: the Host header
 * must name this loopback port, a present Origin must be this origin, and the per-launch secret
 * must come as a bearer token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Backend } from '../app.ts';
import type { AppError } from '../../../shared/errors.ts';
import { displayEvents, type Caller, type EventName } from '../../../shared/contract.ts';
import { DISPLAY_KEY_LABEL } from '../../../shared/display-key.ts';

export type WebHostOptions = {
  readonly backend: Pick<Backend, 'dispatch' | 'events'> & {
    /** Told when the backend started again (restarts.ts): each stream ends, so every tab reloads what it shows. */
    onRestart?(listener: () => void): () => void;
  };
  /** The built renderer (dist/renderer). */
  readonly staticDir: string;
  readonly port?: number;
  /** Fixed only in tests; a fresh random secret otherwise. */
  readonly secret?: string;
};

export type WebHost = {
  readonly port: number;
  readonly origin: string;
  /** The address to open: the secret travels in the fragment, which browsers never send to a server. */
  readonly url: string;
  /**
   * An address for another program to open (the system's browser), which sees it in its argv
   * and so does every program of this account (/proc/<pid>/cmdline): a ticket, spent at the first
   * visit and void after TICKET_TTL_MS, that the server exchanges for the launch key.
   */
  launchUrl(): string;
  close(): Promise<void>;
};

/** Long enough for a browser to start and open the address, short enough that a copy is stale. */
export const TICKET_TTL_MS = 60_000;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const secret = options.secret ?? crypto.randomBytes(24).toString('base64url');
  let port = 0;
  const tickets = new LaunchTickets();
  const app = createWebApp({ ...options, secret, tickets, currentPort: () => port });
  const server = await listen(app, options.port ?? 0);
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: `${origin}/#key=${secret}`,
    launchUrl: () => `${origin}/launch?ticket=${tickets.issue()}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

function listen(app: Hono<HostEnv>, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(server));
    server.once('error', reject);
  });
}

type AppOptions = Omit<WebHostOptions, 'port' | 'secret'> & {
  secret: string;
  currentPort: () => number;
  tickets?: LaunchTickets;
};

/** One-time tickets for the launch key: each opens the counter once, within TICKET_TTL_MS. */
export class LaunchTickets {
  readonly #open = new Map<string, number>();
  readonly #now: () => number;
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  issue(): string {
    const ticket = crypto.randomBytes(24).toString('base64url');
    this.#open.set(ticket, this.#now() + TICKET_TTL_MS);
    return ticket;
  }

  /** True once for a ticket issued here and not yet expired; spent either way. */
  spend(ticket: string): boolean {
    const until = this.#open.get(ticket);
    this.#open.delete(ticket);
    for (const [other, end] of this.#open) if (end <= this.#now()) this.#open.delete(other);
    return until !== undefined && until > this.#now();
  }
}

type HostEnv = { Variables: { caller: Caller } };

export function createWebApp(options: AppOptions): Hono<HostEnv> {
  const app = new Hono<HostEnv>();
  const secretBytes = Buffer.from(options.secret);
  // The customer display's own key, derived from the launch's: the counter's window can make it
  // (shared/display-key.ts) and hand it to the display tab, which can then call display methods only.
  const displayKeyBytes = Buffer.from(displayKeyOf(options.secret));

  const matches = (given: Buffer, expected: Buffer) =>
    given.length === expected.length && crypto.timingSafeEqual(given, expected);

  const allowedHosts = () => {
    const port = options.currentPort();
    return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  };
  const allowedOrigins = () => new Set([...allowedHosts()].map((h) => `http://${h}`));

  app.use('*', async (c, next) => {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 still sends its own name as Host.
    if (!allowedHosts().has(c.req.header('host') ?? '')) return refuse(c, 403, 'This address is not served here.');
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowedOrigins().has(origin)) return refuse(c, 403, 'Requests from other sites are refused.');
    if (c.req.header('sec-fetch-site') === 'cross-site') return refuse(c, 403, 'Requests from other sites are refused.');
    await next();
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  });

  const requireSecret = async (c: Context<HostEnv>, next: () => Promise<void>) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    const given = Buffer.from(match?.[1] ?? '');
    if (matches(given, secretBytes)) c.set('caller', 'counter');
    else if (matches(given, displayKeyBytes)) c.set('caller', 'display');
    else return refuse(c, 401, 'This page is not connected to the counter. Open the address printed when the app started.');
    await next();
  };

  // The ticket's one use: the browser is sent on to the address with the key in its fragment, which
  // no program but this server and that browser tab ever sees.
  app.get('/launch', (c) => {
    c.header('Cache-Control', 'no-store');
    if (!options.tickets?.spend(c.req.query('ticket') ?? '')) {
      return c.text('This address was used already or is too old. Open the address printed when the app started.', 403);
    }
    return c.redirect(`/#key=${options.secret}`, 303);
  });

  app.post(
    '/rpc/:method',
    requireSecret,
    bodyLimit({ maxSize: 1024 * 1024, onError: (c) => refuse(c, 413, 'The request is too large.') }),
    async (c) => {
      let input: unknown;
      try {
        const text = await c.req.text();
        input = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return c.json(errorBody({ code: 'bad_input', reason: 'not_json', message: 'The request body is not JSON.' }), 400);
      }
      const result = await options.backend.dispatch(c.req.param('method'), input, c.get('caller'));
      c.header('Cache-Control', 'no-store');
      return c.json(result);
    },
  );

  app.get('/events', requireSecret, (c) =>
    streamSSE(c, async (stream) => {
      const display = c.get('caller') === 'display';
      const unsubscribe = options.backend.events.subscribe((name, payload) => {
        if (display && !displayEvents.includes(name as EventName)) return;
        void stream.writeSSE({ event: name, data: JSON.stringify(payload) });
      });
      // A backend started again knows nothing the tab was shown: the tab reconnects and asks anew.
      let ended = false;
      const unsubscribeRestart = options.backend.onRestart?.(() => {
        ended = true;
        unsubscribe();
        void stream.close();
      });
      stream.onAbort(() => {
        unsubscribe();
        unsubscribeRestart?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      // Keep-alive comments stop idle proxies and browsers from dropping the stream.
      while (!stream.aborted && !ended) {
        await stream.sleep(15_000);
        if (!stream.aborted && !ended) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
      unsubscribeRestart?.();
    }),
  );

  const indexFile = path.join(options.staticDir, 'index.html');
  app.use('/*', serveStatic({ root: options.staticDir }));
  // Client-side routes (e.g. /display) get the app shell.
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) return c.text('The renderer is not built. Run: npm run build:renderer', 503);
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return app;
}

/** The display's key for a launch key: shared/display-key.ts's, made synchronously. */
export function displayKeyOf(launchKey: string): string {
  return crypto.createHmac('sha256', launchKey).update(DISPLAY_KEY_LABEL).digest('base64url');
}

function errorBody(error: AppError) {
  return { ok: false as const, error };
}

function refuse(c: Context, status: 401 | 403 | 413, message: string) {
  const error: AppError =
    status === 401
      ? { code: 'not_connected', message }
      : status === 413
        ? { code: 'bad_input', reason: 'request_too_large', message }
        : { code: 'forbidden', reason: 'foreign_site', message };
  return c.json(errorBody(error), status);
}
