/**
 * What a sale's or a top-up's request came back with, when the journal refused to record it (a
 * full disk): the write is kept per row and made again once the journal takes writes. The row
 * keeps its last status meanwhile, which the clerk is shown as being checked; a restart that
 * finds it so looks it up by its reference instead (submission.ts).
 */
import { isJournalFailure } from '../journal/errors.ts';
import { singleFlight } from '../common/single-flight.ts';

/** The write that records what a request came back with. */
export type Recording = () => void | Promise<void>;

export type UnwrittenOptions = {
  /** Told of each refusal: sales pause while the journal cannot record them. */
  readonly journalFailed?: (error: unknown, context: string) => void;
  readonly log?: (message: string, error?: unknown) => void;
  /** The row, in the words of the log ("sale <id>"). */
  readonly name: (id: string) => string;
};

export class UnwrittenOutcomes {
  readonly #o: UnwrittenOptions;
  readonly #writes = new Map<string, Recording>();
  readonly #running = new Map<string, Promise<void>>();

  constructor(options: UnwrittenOptions) {
    this.#o = options;
  }

  has(id: string): boolean {
    return this.#writes.has(id);
  }

  /** Keeps `write` for later without making it: the journal refused what came before it. */
  keep(id: string, write: Recording): void {
    this.#writes.set(id, write);
  }

  /** Makes `write`; one the journal refuses is reported and kept. Anything else is a fault, thrown. */
  async record(id: string, write: Recording): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isJournalFailure(error)) throw error;
      this.#writes.set(id, write);
      this.#o.journalFailed?.(error, `recording ${this.#o.name(id)}`);
      return;
    }
    if (this.#writes.get(id) === write) this.#writes.delete(id);
  }

  /** Makes the kept write of `id` again, once at a time; a fault drops it (logged). */
  again(id: string): Promise<void> {
    const write = this.#writes.get(id);
    if (!write) return Promise.resolve();
    return singleFlight(this.#running, id, () =>
      this.record(id, write).catch((error: unknown) => {
        this.#writes.delete(id);
        this.#o.log?.(`${this.#o.name(id)}: recording its outcome failed`, error);
      }),
    );
  }

  /** Makes every kept write again, oldest first. */
  async all(): Promise<void> {
    for (const id of [...this.#writes.keys()]) await this.again(id);
  }
}
