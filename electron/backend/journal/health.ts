/**
 * Whether the journal can be written. A write that fails for the disk's sake (full, read-only,
 * failing) pauses sales at once — a sale that cannot be recorded must not be sent — and a small
 * real write, tried every few seconds while paused, ends the pause once space is back and tells
 * whoever holds writes the journal refused meanwhile (a sale's outcome) to make them now.
 */
import type Database from 'better-sqlite3';
import { probeWrite } from '../settings/db.ts';
import { journalUnavailable } from '../common/failures.ts';
import { isJournalFailure } from './errors.ts';
import { AppFailure } from '../../../shared/errors.ts';

/** About a sale's worth of rows and audit entries: a journal that takes this can record a sale. */
const PROBE_BYTES = 32 * 1024;
const PROBE_EVERY_MS = 5_000;

export type JournalHealthOptions = {
  readonly db: Database.Database;
  readonly now?: () => number;
  readonly log?: (message: string, error?: unknown) => void;
  readonly probeEveryMs?: number;
};

export class JournalHealth {
  readonly #o: JournalHealthOptions;
  readonly #now: () => number;
  #failure: { since: number; code: string } | null = null;
  #lastProbe = -Infinity;
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(options: JournalHealthOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Records a failure of a journal write; anything else (a bug) is not the disk's and is ignored here. */
  failed(error: unknown, context: string): void {
    if (!isJournalFailure(error)) return;
    if (!this.#failure) this.#o.log?.(`the journal cannot be written (${context}); sales are paused`, error);
    this.#failure = { since: this.#now(), code: error.code };
    this.#lastProbe = this.#now();
    // A counter standing idle asks nothing: tried on a timer too, so what waits for the journal
    // is written within seconds of space coming back, not at the next customer.
    this.#timer ??= setInterval(() => {
      if (!this.#o.db.open) return this.stop();
      try {
        this.#probe();
      } catch (probeError) {
        this.#o.log?.('trying the journal again failed', probeError);
      }
    }, this.#o.probeEveryMs ?? PROBE_EVERY_MS);
    this.#timer.unref?.();
  }

  /** Runs `listener` each time the journal takes writes again after a pause; the returned function stops it. */
  onWritable(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** No more trying on a timer (the app is closing). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** True when sales may be recorded; while paused, tries a real write first (at most every few seconds). */
  writable(): boolean {
    if (!this.#failure) return true;
    if (this.#now() - this.#lastProbe < (this.#o.probeEveryMs ?? PROBE_EVERY_MS)) return false;
    return this.#probe();
  }

  #probe(): boolean {
    if (!this.#failure) return true;
    this.#lastProbe = this.#now();
    try {
      probeWrite(this.#o.db, PROBE_BYTES, new Date(this.#now()).toISOString());
    } catch (error) {
      if (!isJournalFailure(error)) throw error;
      this.#failure = { ...this.#failure, code: error.code };
      return false;
    }
    this.#o.log?.('the journal can be written again; sales are back on');
    this.#failure = null;
    this.stop();
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.#o.log?.('writing what waited for the journal failed', error);
      }
    }
    return true;
  }

  /** Refuses a sale while the journal cannot be written: nothing is sent that could not be recorded. */
  assertWritable(): void {
    if (this.writable()) return;
    throw AppFailure.from(journalUnavailable(this.#failure?.code ?? ''));
  }
}
