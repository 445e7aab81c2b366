import type { Money } from '../../../shared/money.ts';

/** Sums in minor units, one per currency: amounts in different currencies are never added up. */
export class AmountsAcc {
  readonly #byCurrency = new Map<string, number>();

  add(minor: number, currency: string): this {
    this.#byCurrency.set(currency, (this.#byCurrency.get(currency) ?? 0) + minor);
    return this;
  }

  list(): Money[] {
    return [...this.#byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => ({ minor, currency }));
  }

  get(currency: string): number {
    return this.#byCurrency.get(currency) ?? 0;
  }

  /** The largest figure, for sorting breakdowns; only comparable within one currency, which is the common case. */
  largest(): number {
    return Math.max(0, ...this.#byCurrency.values());
  }
}
