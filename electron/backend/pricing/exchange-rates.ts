/**
 * The partner's exchange rate from its currency (US dollars) into the store's: fetched at start
 * and every few hours (the partner sets its rates once a day, at midnight UTC), kept by day in the
 * journal so a counter offline still prices with the last known rate, and shown to the manager
 * with its date. Where the partner has no rate for the store's currency, or the operation is not
 * enabled for the account, prices stay in dollars and the manager is told why.
 */
import type Database from 'better-sqlite3';
import type { ExchangeRate } from '../../../shared/pricing.ts';
import type { RatesView } from '../../../shared/manager.ts';
import { latestRate, putRates, recentRates } from './db-exchange-rates.ts';
import { getExchangeRates } from '../partner/account.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { Refresher } from '../catalogue/refresher.ts';

/** The partner's own currency: its prices and its rates' base. */
export const PARTNER_CURRENCY = 'USD';
const REFRESH_MS = 6 * 60 * 60_000;
/** A rate older than this is shown to the manager as old (the partner sets one every day). */
const STALE_MS = 3 * 24 * 60 * 60_000;

export type ExchangeRateServiceOptions = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  readonly storeCurrency: () => string;
  readonly now?: () => number;
  readonly log?: (message: string, error?: unknown) => void;
};

export class ExchangeRateService {
  readonly #o: ExchangeRateServiceOptions;
  readonly #now: () => number;
  readonly #refresher: Refresher;
  /** Why the last fetch failed, for the manager; null after a success. */
  #problem: RatesView['problem'] = null;

  constructor(options: ExchangeRateServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#refresher = new Refresher({
      name: 'exchange rates',
      refresh: () => this.#fetch(),
      age: () => this.#age(),
      intervalMs: REFRESH_MS,
      log: options.log,
    });
  }

  start(): void {
    if (this.#needed()) this.#refresher.start();
  }

  stop(): void {
    this.#refresher.stop();
  }

  /** The store sells in another currency from now on: its rate is fetched now, and kept fresh. */
  currencyChanged(): Promise<void> {
    this.#problem = null;
    if (!this.#needed()) {
      this.#refresher.stop();
      return Promise.resolve();
    }
    this.#refresher.start();
    return this.#refresher.run();
  }

  /** The service answers again: a failed fetch is made now. */
  serviceAnswered(): Promise<void> {
    return this.#needed() ? this.#refresher.serviceBack() : Promise.resolve();
  }

  /** The rate prices are converted at now: the newest known into the store's currency; null when none is needed or known. */
  current(): ExchangeRate | null {
    if (!this.#needed()) return null;
    const stored = latestRate(this.#o.db, PARTNER_CURRENCY, this.#o.storeCurrency());
    return stored && { from: stored.from, to: stored.to, mid: stored.mid, date: stored.date };
  }

  /** What the manager sees: the rate in use, its date, the last days' rates, and what went wrong. */
  view(): RatesView {
    const currency = this.#o.storeCurrency();
    const needed = this.#needed();
    const current = needed ? latestRate(this.#o.db, PARTNER_CURRENCY, currency) : null;
    return {
      from: PARTNER_CURRENCY,
      to: currency,
      needed,
      current,
      stale: current !== null && this.#now() - Date.parse(`${current.date}T00:00:00Z`) > STALE_MS,
      recent: needed ? recentRates(this.#o.db, currency, 14) : [],
      problem: needed ? this.#problem : null,
    };
  }

  /** "Fetch now": the partner's rate of today, waited for. */
  async refresh(): Promise<RatesView> {
    if (this.#needed()) {
      try {
        await this.#fetch();
      } catch {
        // #fetch kept the reason for the view.
      }
    }
    return this.view();
  }

  #needed(): boolean {
    return this.#o.storeCurrency() !== PARTNER_CURRENCY;
  }

  #age(): number {
    const latest = latestRate(this.#o.db, PARTNER_CURRENCY, this.#o.storeCurrency());
    return latest ? this.#now() - Date.parse(latest.fetchedAt) : Infinity;
  }

  async #fetch(): Promise<void> {
    const currency = this.#o.storeCurrency();
    if (currency === PARTNER_CURRENCY) return;
    try {
      const answer = await getExchangeRates(this.#o.partner, [currency]);
      const rates = answer.rates.filter((r) => r.from === PARTNER_CURRENCY && r.to === currency);
      if (rates.length === 0) {
        this.#problem = { kind: 'not_offered', currency };
        return;
      }
      putRates(this.#o.db, answer.date, rates, new Date(this.#now()).toISOString());
      this.#problem = null;
    } catch (error) {
      this.#problem =
        error instanceof PartnerError && (error.kind === 'validation' || error.kind === 'not_found')
          ? { kind: 'not_offered', currency }
          : error instanceof PartnerError && error.kind === 'auth'
            ? { kind: 'not_enabled', currency }
            : { kind: 'unreachable', currency };
      throw error;
    }
  }
}
