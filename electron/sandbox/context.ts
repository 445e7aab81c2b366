// What every route module receives: options, clock, catalogue and state.
import type { Catalogue } from './catalogue.ts';
import type { Clock } from './clock.ts';
import type { Store } from './store.ts';

export type SandboxOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** SQLite file holding the state; in memory without it. */
  statePath?: string;
  seed?: number;
  /** Spec: 5 a minute. The current docs say 3, which the app's client holds to whatever is set here. */
  tokenRateLimitPerMinute?: number;
  /** Spec: one usage read per eSIM per 15 minutes. */
  usageWindowSeconds?: number;
  initialBalance?: number;
  /** Interval of the background tick that processes due work in real time; 0 turns it off. */
  tickIntervalMs?: number;
  /** Webhook retries after a failed delivery, and their spacing on the sandbox clock. */
  webhookRetries?: number;
  webhookRetryIntervalMs?: number;
  /** Facts: the partner sandbox processes future orders at once; the spec default waits for the due date. */
  futureOrdersImmediate?: boolean;
  /** How usage answers for a recycled eSIM: the spec's closed status list, or the docs' RECYCLED example. */
  recycledUsage?: 'spec' | 'docs';
  /** Top-ups one eSIM may receive before `validation.order_exceed_limit`. */
  topupPurchaseLimit?: number;
  /** Brands set up for cloud sharing; a brand not listed is a 422. */
  brands?: string[];
  /** 0: net pricing (the spec). Above 0: a discount-pricing account with that discount in percent. */
  discountPercentage?: number;
  /**
   * Refund requests taken per window before 429: the refund endpoint's page says 5 a minute (the
   * default), the rate-limit page one per 5 minutes ({ requests: 1, windowSeconds: 300 }).
   */
  refundRateLimit?: { requests: number; windowSeconds: number };
  /** A refund request is approved by itself this long after it was made (sandbox clock); null: only by the control API. */
  refundReviewMs?: number | null;
  /** Package-history reads per eSIM per minute (current docs: 10; older docs one per 15 minutes). */
  packageHistoryPerMinute?: number;
};

export type ResolvedOptions = Required<Omit<SandboxOptions, 'statePath' | 'port' | 'refundReviewMs'>> & {
  refundReviewMs: number | null;
  statePath: string | undefined;
  port: number;
};

/** Background work the routes can ask for; implemented by the engine. */
export type Kicker = {
  /** Runs due work soon (asynchronously). */
  kick(): void;
  /** Runs due work now and waits for deliveries that became due. */
  tick(): Promise<void>;
};

export type SandboxContext = {
  opts: ResolvedOptions;
  clock: Clock;
  catalogue: Catalogue;
  store: Store;
  engine: Kicker;
  /** http://127.0.0.1:PORT, known once the server listens. */
  baseUrl: () => string;
};
