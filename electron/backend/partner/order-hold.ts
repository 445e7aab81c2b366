/**
 * The service's "wait" on orders, for the whole counter. A 429 with Retry-After on any order (a
 * sale, a top-up, a group order, vouchers, a future order) says the service takes no order from
 * this account until then: every order is held, whoever sells it, and refused before a byte goes
 * out, since asking early only earns another 429 (and may lengthen the wait). Each clerk's screen
 * is told, so it can count the wait down instead of taking a payment for a sale that cannot go.
 *
 * Kept in memory: a restart within the wait may send one order early, which the service answers
 * with the wait again.
 */
import type { OrderHold as HeldOrders } from '../../../shared/sales.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from './retry-after.ts';

export class OrderHold {
  readonly #now: () => number;
  readonly #onChange: (hold: HeldOrders) => void;
  #untilMs = 0;

  constructor(options: { readonly now?: () => number; readonly onChange?: (hold: HeldOrders) => void } = {}) {
    this.#now = options.now ?? Date.now;
    this.#onChange = options.onChange ?? (() => undefined);
  }

  /** The service asked us to wait `seconds` (undefined: it said no readable time) after an order. */
  note(seconds: number | undefined): void {
    const until = this.#now() + clampRetryAfterSeconds(seconds ?? RETRY_AFTER_DEFAULT_SECONDS) * 1000;
    // Two answers in flight: the later end holds; an earlier one never shortens a wait.
    if (until <= this.#untilMs) return;
    this.#untilMs = until;
    this.#onChange(this.current()!);
  }

  /** The wait as it stands, or null once it is over. */
  current(): HeldOrders | null {
    const seconds = Math.ceil((this.#untilMs - this.#now()) / 1000);
    return seconds > 0 ? { until: new Date(this.#untilMs).toISOString(), seconds } : null;
  }
}
