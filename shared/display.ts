import type { Environment } from './contract.ts';
import { CUSTOMER_LANGUAGES, matchLanguage, type CustomerLanguage } from './languages.ts';
import type { Money } from './money.ts';

/**
 * The one word that marks practice sales, per environment, on every screen and paper: the counter's
 * banner, the customer display (in every language), vouchers and Z reports.
 */
export const PRACTICE_MARK = { demo: 'DEMO', partner_sandbox: 'TRAINING' } as const satisfies Record<
  Exclude<Environment, 'production'>,
  string
>;

export type PracticeMark = (typeof PRACTICE_MARK)[keyof typeof PRACTICE_MARK];

/** The mark of the environment, or null in Production. */
export function practiceMark(environment: Environment): PracticeMark | null {
  return environment === 'production' ? null : PRACTICE_MARK[environment];
}

/**
 * The language the display greets each new customer in: the store's own, where the customer
 * languages have it ("de-AT" → Deutsch), else English.
 */
export function storeCustomerLanguage(storeLocale: string): CustomerLanguage {
  return matchLanguage([storeLocale], CUSTOMER_LANGUAGES, 'en');
}

/** What every state of the display carries besides its own content. */
type DisplayCommon = {
  readonly practice: PracticeMark | null;
  /**
   * The language the customer picked at the display (the store's until they pick): the display,
   * the printed voucher and receipt, and the install steps follow it. Back to the store's when the
   * display returns to idle for the next customer.
   */
  readonly customerLanguage: CustomerLanguage;
};

/**
 * What the customer display shows. It follows the sale: idle → offer → install → thanks → idle, or
 * the top-up: idle → topup → topup_done → idle. The backend holds it (electron/backend/display/service.ts)
 * and clears it on its own timers and whenever the counter is locked or signed out, so a QR or a
 * price never stays up for the next customer whatever the clerk's window does.
 */
/** Values, never sentences: the display words them in the customer's language. */
export type DisplayState = DisplayCommon &
  (
    | { readonly kind: 'idle'; readonly storeName: string }
    | {
        readonly kind: 'offer';
        readonly dataText: string;
        readonly days: number;
        /** A local package's country (ISO 3166-1), named in the customer's language; null for a region. */
        readonly countryCode: string | null;
        /** The region's name as the partner gives it (and the country's, for a display that has no name for its code). */
        readonly coverageName: string;
        /** A regional or global package's region by the partner's slug, named in the customer's language where the display knows it. */
        readonly region: string | null;
        readonly price: Money;
        readonly quantity: number;
      }
    | {
        readonly kind: 'install';
        readonly saleId: string;
        readonly dataText: string;
        readonly days: number;
        /** One entry per eSIM: the LPA text for the QR and the Apple one-tap link. */
        readonly esims: readonly {
          readonly iccidTail: string;
          readonly qrcode: string;
          readonly appleInstallUrl: string | null;
        }[];
        /** When the backend will clear the QR by itself (ISO). */
        readonly clearsAt: string;
      }
    | {
        /**
         * A sale taken while the eSIM service was away: its eSIM comes by e-mail to `email` once the
         * service answers, by `deadline` at the latest, or the customer's money back. The customer
         * reads the address back here.
         */
        readonly kind: 'emailed';
        readonly saleId: string;
        readonly email: string;
        readonly dataText: string;
        readonly days: number;
        readonly deadline: string;
      }
    | { readonly kind: 'thanks'; readonly storeName: string }
    | {
        /** A top-up picked for the customer's eSIM, with its price, before it is bought. */
        readonly kind: 'topup';
        /** The last digits of the ICCID, so the customer can match it with their eSIM. */
        readonly iccidTail: string;
        readonly dataText: string;
        readonly days: number;
        readonly price: Money;
      }
    | {
        /** The ways to cover a trip the clerk points the customer to, as the planner priced them. */
        readonly kind: 'trip';
        /** The trip's countries in travel order (ISO 3166-1), named in the customer's language. */
        readonly countries: readonly string[];
        readonly days: number;
        readonly options: readonly DisplayTripOption[];
      }
    | {
        /** The basket the clerk is filling: each line at the backend's price, and what it all comes to. */
        readonly kind: 'basket';
        readonly lines: readonly DisplayBasketLine[];
        /** Per currency: never two currencies added together. */
        readonly total: readonly Money[];
      }
    | {
        /** The top-up went through; clears itself after a few seconds like the thank-you. */
        readonly kind: 'topup_done';
        readonly iccidTail: string;
        readonly dataText: string;
        readonly days: number;
      }
  );

/** A package as the display names it: its data, days and where it works. */
export type DisplayPackage = {
  readonly dataText: string;
  readonly days: number;
  /** A local package's country (ISO 3166-1); null for a region. */
  readonly countryCode: string | null;
  readonly coverageName: string;
  readonly region: string | null;
};

/** A basket's line: a package's eSIMs, or a top-up of the customer's eSIM (its last digits). */
export type DisplayBasketLine = {
  readonly package: DisplayPackage;
  readonly quantity: number;
  readonly price: Money;
  readonly iccidTail: string | null;
};

/** One way to cover the trip: its price, its packages, and what it leaves out (see shared/trips.ts). */
export type DisplayTripOption = {
  readonly total: Money;
  readonly packages: readonly DisplayPackage[];
  readonly uncovered: readonly string[];
  readonly daysShort: number;
  readonly dataShortMb: number;
};

export type DisplayKind = DisplayState['kind'];
