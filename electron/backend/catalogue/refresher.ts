/**
 * Keeps a cached copy of something the partner publishes (the catalogue, the device list) fresh
 * in the background: at start when it is missing or old, then every interval, each run retrying a
 * passing failure with backoff. A run that still failed is made again as soon as the service
 * answers again, so a counter started offline is not left waiting for the next interval.
 */
import { retryRead, type ReadRetry } from '../partner/retry.ts';

export type RefresherOptions = {
  /** For the log: "catalogue", "device list". */
  readonly name: string;
  readonly refresh: () => Promise<unknown>;
  /** How old the cached copy is, in ms (Infinity when there is none). */
  readonly age: () => number;
  readonly intervalMs: number;
  readonly log?: (message: string, error?: unknown) => void;
  readonly retry?: ReadRetry;
};

export class Refresher {
  readonly #o: RefresherOptions;
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<void> | null = null;
  #behind = false;
  /** Aborted by stop(): the run under way tries no more (a closed backend's), and its failure is nobody's news. */
  #stopped = new AbortController();

  constructor(options: RefresherOptions) {
    this.#o = options;
  }

  start(): void {
    this.stop();
    if (this.#o.age() >= this.#o.intervalMs) void this.run();
    this.#timer = setInterval(() => void this.run(), this.#o.intervalMs);
    this.#timer.unref?.();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopped.abort();
  }

  /** One run (shared with a running one); never rejects: a failure is logged and remembered. */
  run(): Promise<void> {
    if (!this.#running && this.#stopped.signal.aborted) this.#stopped = new AbortController();
    const stopped = this.#stopped.signal;
    this.#running ??= retryRead(this.#o.refresh, { ...this.#o.retry, signal: stopped })
      .then(
        () => {
          this.#behind = false;
        },
        (error: unknown) => {
          if (stopped.aborted) return;
          this.#behind = true;
          this.#o.log?.(`${this.#o.name} refresh failed; the stored copy stays in use`, error);
        },
      )
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  /** The service answers again: a run that failed is made now rather than at the next interval. */
  serviceBack(): Promise<void> {
    return this.#behind || this.#o.age() >= this.#o.intervalMs ? this.run() : Promise.resolve();
  }
}
