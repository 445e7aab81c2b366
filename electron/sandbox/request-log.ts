// What the sandbox was asked, so a test can prove a request was NOT sent (a refused retry, a
// second order that must never happen) instead of inferring it from state that may not change.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

export type LoggedRequest = {
  method: string;
  path: string;
  /** 0 when the connection was destroyed instead of answered (a `reset-*` fault). */
  status: number;
  /** ISO-8601 on the sandbox clock, the clock every other sandbox timestamp uses. */
  at: string;
};

export const REQUEST_LOG_LIMIT = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  private readonly now: () => number;
  private readonly limit: number;

  constructor(now: () => number, limit = REQUEST_LOG_LIMIT) {
    this.now = now;
    this.limit = limit;
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }

  private push(entry: LoggedRequest): void {
    this.entries.push(entry);
    // Dropping in chunks keeps a long demo session from copying the array on every request.
    if (this.entries.length > this.limit * 1.1) this.entries = this.entries.slice(-this.limit);
  }

  /** Registered before the fault injector so faulted answers are logged with the status they got. */
  middleware(): MiddlewareHandler<{ Bindings: HttpBindings }> {
    return async (c, next) => {
      if (c.req.path.startsWith('/__sandbox')) return next();
      const { method, path } = c.req;
      const at = new Date(this.now()).toISOString();
      try {
        await next();
      } finally {
        const destroyed = c.env?.incoming?.socket?.destroyed === true;
        this.push({ method, path, status: destroyed ? 0 : c.res.status, at });
      }
    };
  }
}
