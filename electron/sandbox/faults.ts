// Fault injection on the next N requests that match: what a flaky network or a failing service
// does to a client, on demand, so the app's uncertain-outcome paths can be tested for real.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

export const FAULT_KINDS = ['delay', 'hold', 'status', 'reset-before', 'reset-after', 'malformed-json', 'slow-body'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type FaultSpec = {
  match: { method?: string; path: string };
  kind: FaultKind;
  /** HTTP status for `status` (default 500). */
  status?: number;
  /** Seconds sent as `Retry-After` with a `status` answer, e.g. a 429 the client must honour. */
  retryAfter?: number;
  /** Delay for `delay`, total body duration for `slow-body`, both in ms. */
  ms?: number;
  /** How many matching requests it hits (default 1). */
  times?: number;
};

type ActiveFault = FaultSpec & { id: number; remaining: number; test: (path: string) => boolean };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `^…` or `/…/` is a regular expression; anything else a path prefix. */
export function pathMatcher(pattern: string): (path: string) => boolean {
  if (pattern.startsWith('^')) {
    const re = new RegExp(pattern);
    return (p) => re.test(p);
  }
  const slashed = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (slashed && /[\\^$*+?()[\]{}|]/.test(slashed[1] as string)) {
    const re = new RegExp(slashed[1] as string, slashed[2]);
    return (p) => re.test(p);
  }
  return (p) => p.startsWith(pattern);
}

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  /** Requests held by a `hold` fault, each let through by `release` (or `clear`). */
  private held: (() => void)[] = [];

  add(spec: FaultSpec): number {
    const id = this.nextId++;
    this.faults.push({ ...spec, id, remaining: spec.times ?? 1, test: pathMatcher(spec.match.path) });
    return id;
  }

  clear(): void {
    this.faults = [];
    this.release();
  }

  /** How many requests wait at a `hold` now. */
  heldCount(): number {
    return this.held.length;
  }

  /**
   * Lets every held request through to the service, as if its answer had only been slow, and holds
   * no more (a hold not reached yet is dropped, so a release never races the request); how many.
   */
  release(): number {
    this.faults = this.faults.filter((f) => f.kind !== 'hold');
    const held = this.held;
    this.held = [];
    for (const go of held) go();
    return held.length;
  }

  list(): (FaultSpec & { id: number; remaining: number })[] {
    return this.faults.map(({ test: _test, ...rest }) => rest);
  }

  private take(method: string, path: string): ActiveFault | null {
    const fault = this.faults.find((f) => (!f.match.method || f.match.method.toUpperCase() === method) && f.test(path));
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  middleware(): MiddlewareHandler<{ Bindings: HttpBindings }> {
    return async (c, next) => {
      if (this.faults.length === 0) return next();
      const fault = this.take(c.req.method, c.req.path);
      if (!fault) return next();
      switch (fault.kind) {
        case 'delay':
          await sleep(fault.ms ?? 1000);
          return next();
        case 'hold':
          // As slow as the test needs: what a screen shows while a call is under way is checked
          // before `release`, never raced against a fixed delay.
          await new Promise<void>((go) => this.held.push(go));
          return next();
        case 'status': {
          const status = fault.status ?? 500;
          if (fault.retryAfter !== undefined) c.header('Retry-After', String(fault.retryAfter));
          // The service's own words for a 429, so a client parsing the body sees what it would see live.
          const message = status === 429 ? 'Too Many Attempts.' : 'Server Error';
          return c.json({ message }, status as 500);
        }
        case 'reset-before':
          return resetConnection(c);
        case 'reset-after':
          await next();
          // The request has been fully processed (state changed); the client never hears back.
          return resetConnection(c);
        case 'malformed-json': {
          await next();
          const text = await c.res.text();
          const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
          c.res = new Response(cut, { status: c.res.status, headers: { 'content-type': 'application/json' } });
          return;
        }
        case 'slow-body': {
          await next();
          const bytes = new Uint8Array(await c.res.arrayBuffer());
          c.res = new Response(slowStream(bytes, fault.ms ?? 2000), {
            status: c.res.status,
            headers: { 'content-type': c.res.headers.get('content-type') ?? 'application/json' },
          });
          return;
        }
      }
    };
  }
}

function resetConnection(c: Context<{ Bindings: HttpBindings }>): Response {
  c.env.incoming.socket.resetAndDestroy?.();
  c.env.incoming.socket.destroy();
  return new Response(null, { status: 500 });
}

/** Sends the body in about ten pieces spread over `ms`. */
function slowStream(bytes: Uint8Array, ms: number): ReadableStream<Uint8Array> {
  const pieces = 10;
  const size = Math.max(1, Math.ceil(bytes.length / pieces));
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      await sleep(ms / pieces);
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}
