/**
 * The one way every kind of order (a sale, a top-up, a group order, a future order, a voucher
 * batch) is sent exactly once: its intent is committed before the request; a repeated request (a
 * double click, a retried call) waits for the first instead of making a second; the answer is
 * sorted into made, refused (nothing done: `failed`) or uncertain (it may have reached the service:
 * looked up by its reference, never sent again). Each kind says how to write, send and record.
 */
import { PartnerError } from '../partner/errors.ts';
import { singleFlight } from '../common/single-flight.ts';
import { describeUncertain } from './failure.ts';

/** What became of one request: the service's answer, a definite refusal, or not known. */
export type Sent<T> =
  | { readonly kind: 'answered'; readonly answer: T }
  | { readonly kind: 'refused'; readonly error: PartnerError }
  | { readonly kind: 'uncertain'; readonly error: unknown; readonly reason: string };

/**
 * Sends once and sorts the answer: every PartnerError that is not `outcomeUncertain` is a refusal
 * (nothing was done); a timeout, reset, 5xx, an unreadable answer or a fault of our own after
 * sending may have made the order.
 */
export async function sendAndSort<T>(
  send: () => Promise<T>,
  what: string,
  log?: (message: string, error?: unknown) => void,
): Promise<Sent<T>> {
  try {
    return { kind: 'answered', answer: await send() };
  } catch (error) {
    if (error instanceof PartnerError && !error.outcomeUncertain) return { kind: 'refused', error };
    log?.(`${what}: outcome uncertain`, error instanceof PartnerError ? error.toLogFormat() : error);
    return { kind: 'uncertain', error, reason: describeUncertain(error) };
  }
}

/** The orders of one kind this process is writing or sending, each at most once at a time. */
export class SendOnce {
  readonly #creating = new Map<string, Promise<void>>();
  readonly #sending = new Map<string, Promise<unknown>>();

  /**
   * Writes the order (`write` commits the intent) and sends it, once per id: a second call while
   * the first runs waits for it; a call for an order already written waits for its send, if any.
   */
  create(id: string, written: () => boolean, write: () => Promise<void>, send: () => Promise<void>): Promise<void> {
    const running = this.#creating.get(id);
    if (running) return running.catch(() => undefined);
    if (written()) return this.#sending.get(id)?.then(() => undefined) ?? Promise.resolve();
    const task = (async () => {
      await write();
      await send();
    })().finally(() => this.#creating.delete(id));
    this.#creating.set(id, task);
    return task;
  }

  /** One request per order at a time in this process; a second caller shares the first's. */
  send<T>(id: string, task: () => Promise<T>): Promise<T> {
    return singleFlight(this.#sending as Map<string, Promise<T>>, id, task);
  }

  /** The request this process is making for the order, if any. */
  sending(id: string): Promise<unknown> | undefined {
    return this.#sending.get(id);
  }

  /** Being written or sent by this process: a `submitting` order not held here lost its answer. */
  held(id: string): boolean {
    return this.#creating.has(id) || this.#sending.has(id);
  }
}
