/**
 * Whether the partner service answers, known before the clerk takes a payment: every request the
 * client makes reports whether anything came back, and while nothing does (or nothing has been
 * heard for a while) a cheap probe asks again, never more often than every 15 seconds.
 */
import type { ServiceReachability } from '../../../shared/sales.ts';

export const PROBE_INTERVAL_MS = 15_000;
/** A contact older than this is checked again before a payment is taken (one HEAD request). */
export const FRESH_MS = 5_000;
/** How often the background timer looks whether a probe is due (it does nothing otherwise). */
const TICK_MS = 1_000;

export type ReachabilityOptions = {
  /** Resolves true when the service gave any HTTP answer, false when nothing came back. */
  readonly probe: () => Promise<boolean>;
  readonly now?: () => number;
  /** Told of every change of state (an event for the screens). */
  readonly onChange?: (state: ServiceReachability) => void;
  readonly intervalMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
};

export class Reachability {
  readonly #o: ReachabilityOptions;
  readonly #now: () => number;
  readonly #interval: number;
  #state: ServiceReachability['state'] = 'unknown';
  #since: number;
  #lastContact: number | null = null;
  #lastProbe = -Infinity;
  #probing: Promise<void> | null = null;
  #stopped = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: ReachabilityOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#interval = options.intervalMs ?? PROBE_INTERVAL_MS;
    this.#since = this.#now();
  }

  state(): ServiceReachability {
    return {
      state: this.#state,
      since: new Date(this.#since).toISOString(),
      lastContactAt: this.#lastContact === null ? null : new Date(this.#lastContact).toISOString(),
    };
  }

  /** The service sent an HTTP answer (any status: it is there, even when it refuses). */
  answered(): void {
    this.#lastContact = this.#now();
    this.#set('reachable');
  }

  /** Nothing came back: refused, unresolvable, reset or timed out. */
  unreachable(): void {
    this.#set('unreachable');
  }

  /**
   * A state fit to show before a payment: a service quiet for a few seconds is asked again first.
   * One that does not answer is asked at most once per interval (the background timer's pace).
   */
  async fresh(): Promise<ServiceReachability> {
    const sinceContact = this.#lastContact === null ? Infinity : this.#now() - this.#lastContact;
    const sinceProbe = this.#now() - this.#lastProbe;
    if (this.#state === 'reachable' ? sinceContact >= FRESH_MS && sinceProbe >= FRESH_MS : sinceProbe >= this.#interval) {
      await this.probe();
    } else if (this.#probing) await this.#probing;
    return this.state();
  }

  /** One probe; concurrent callers share it. */
  probe(): Promise<void> {
    if (this.#probing) return this.#probing;
    this.#lastProbe = this.#now();
    this.#probing = this.#o
      .probe()
      .then(
        (answered) => (answered ? this.answered() : this.unreachable()),
        (error: unknown) => {
          this.#o.log?.('the reachability probe failed', error);
          this.unreachable();
        },
      )
      .finally(() => {
        this.#probing = null;
      });
    return this.#probing;
  }

  /**
   * Probes in the background while the service is not known to answer, once per interval: the
   * service coming back is known within the interval, and told through onChange at once.
   */
  start(): void {
    this.#stopped = false;
    if (this.#timer) return;
    void this.probe();
    this.#timer = setInterval(() => {
      if (this.#state !== 'reachable' && !this.#probing && this.#now() - this.#lastProbe >= this.#interval) void this.probe();
    }, TICK_MS);
    this.#timer.unref();
  }

  /** No more probes, and no more changes told: a call answered after the backend closed its journal must not reach it. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #set(next: ServiceReachability['state']): void {
    if (this.#stopped || next === this.#state) return;
    this.#state = next;
    this.#since = this.#now();
    this.#o.onChange?.(this.state());
  }
}
