// Background work on the sandbox clock: due future orders, async orders, eSIM lifecycle
// (expiry, recycling, low-data events) and webhook deliveries with retries.
// It runs after every clock move, after state changes that may trigger events, and on a
// real-time interval so that waiting for wall-clock time also works.
import type { Kicker, SandboxContext } from './context.ts';

export type Processor = (ctx: SandboxContext) => void | Promise<void>;

export class Engine implements Kicker {
  private ctx: SandboxContext;
  private processors: Processor[];
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private stopped = false;

  constructor(ctx: SandboxContext, processors: Processor[]) {
    this.ctx = ctx;
    this.processors = processors;
  }

  start(): void {
    if (this.ctx.opts.tickIntervalMs > 0) {
      this.timer = setInterval(() => this.kick(), this.ctx.opts.tickIntervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.queued?.catch(() => {});
    await this.current?.catch(() => {});
  }

  kick(): void {
    void this.tick().catch((err) => console.error('[sandbox] background work failed', err));
  }

  /** Runs every processor. Calls made during a run share one follow-up run, so work is never missed. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.queued) return this.queued;
    if (!this.current) return this.launch();
    const queued = this.current
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.launch();
      });
    this.queued = queued;
    return queued;
  }

  private launch(): Promise<void> {
    const run = (async () => {
      for (const p of this.processors) {
        if (this.stopped) return;
        await p(this.ctx);
      }
    })();
    this.current = run;
    const clear = () => {
      if (this.current === run) this.current = null;
    };
    run.then(clear, clear);
    return run;
  }
}
