/**
 * Demo's example sales: a few days of real sales through the Demo sandbox, dated on the days before
 * today, so Reports and Close have something to practise on the first time a shop opens Demo. Made
 * once, when a manager asks, and never outside Demo (the caller checks the environment).
 */
import type { PackageOffer } from '../../../shared/catalog.ts';
import { addDays, localDate, startOfLocalDay } from '../../../shared/clock.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { countSalesBefore } from './db.ts';
import type { SalesService } from './service.ts';
import type Database from 'better-sqlite3';

/** Days back, and the hours (after that day's midnight in the store's zone) of its sales: a morning, a lunch, an evening. */
const DAYS_BACK = [3, 2, 1] as const;
const HOURS = [9.25, 12.5, 16.75] as const;
const COUNTRIES = ['JP', 'DE', 'US', 'TH', 'FR'] as const;
const PAYMENTS: readonly PaymentMethod[] = ['cash', 'card', 'cash', 'other'];

export type ExampleSalesOptions = {
  readonly db: Database.Database;
  /** A seller whose clock says `now`: its sales are dated then, the service's order placed today. */
  readonly seller: (now: () => number) => SalesService;
  readonly offers: (country: string) => Promise<readonly PackageOffer[]>;
  /** The store's time zone: its days are the examples' days. */
  readonly timeZone: () => string;
  readonly now?: () => number;
};

export type ExamplesAdded = { readonly added: number; readonly days: readonly string[] };

export type ExampleSales = {
  /** Whether the journal has no sale from before today: the examples would be all there is to practise on. */
  offered(): boolean;
  add(clerk: StaffSession): Promise<ExamplesAdded | 'not_offered'>;
};

export function createExampleSales(options: ExampleSalesOptions): ExampleSales {
  const now = options.now ?? Date.now;
  const today = () => localDate(now(), options.timeZone());
  const offered = () => countSalesBefore(options.db, new Date(startOfLocalDay(today(), options.timeZone())).toISOString()) === 0;
  return {
    offered,
    async add(clerk) {
      if (!offered()) return 'not_offered';
      // Today's time until the first example: whatever the seller does before dating a sale is done now.
      let at = now();
      const seller = options.seller(() => at);
      const picks = await Promise.all(COUNTRIES.map(async (country) => (await options.offers(country))[0]));
      const packages = picks.filter((offer): offer is PackageOffer => offer !== undefined);
      let added = 0;
      const days: string[] = [];
      for (const [d, back] of DAYS_BACK.entries()) {
        const date = addDays(today(), -back);
        const midnight = startOfLocalDay(date, options.timeZone());
        days.push(date);
        for (const [h, hour] of HOURS.entries()) {
          const offer = packages[(d + h) % packages.length];
          if (!offer) continue;
          at = midnight + hour * 60 * 60_000;
          const paymentMethod = PAYMENTS[(d * HOURS.length + h) % PAYMENTS.length]!;
          const sale = await seller.create({ packageId: offer.id, quantity: 1, paymentMethod }, clerk);
          if (sale.status === 'completed') added++;
        }
      }
      return { added, days };
    },
  };
}
