import type { Money } from './money.ts';
import type { PaymentMethod, SaleStatus } from './sales.ts';

/** Amounts never mix currencies: every money figure is a list, one entry per currency. */
export type Amounts = readonly Money[];

export type Totals = {
  readonly sales: number; // completed sales
  readonly esims: number; // eSIMs in them
  readonly topups: number; // completed top-ups
  readonly revenue: Amounts;
  readonly cost: Amounts; // wholesale (net) price
  readonly margin: Amounts;
};

export type Breakdown = {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly revenue: Amounts;
  readonly margin: Amounts;
};

export type Problem = {
  readonly kind: 'sale' | 'topup';
  readonly id: string;
  readonly reference: string;
  readonly status: SaleStatus;
  readonly createdAt: string;
  readonly reason: string | null;
};

export type Report = {
  /** Local dates, inclusive, in the store's time zone. */
  readonly fromDate: string;
  readonly toDate: string;
  readonly timeZone: string;
  readonly totals: Totals;
  readonly byClerk: readonly Breakdown[];
  readonly byPackage: readonly Breakdown[];
  readonly byCountry: readonly Breakdown[];
  readonly byPaymentMethod: readonly (Breakdown & { readonly key: PaymentMethod })[];
  /** Sales and top-ups per local hour (0–23), summed over the period. */
  readonly perHour: readonly { readonly hour: number; readonly count: number }[];
  /** One entry per local date of the period, with zeros on quiet days. */
  readonly perDay: readonly { readonly date: string; readonly count: number; readonly revenue: Amounts }[];
  /** Uncertain and unfinished first, then failed: what the manager must look at (the first 200). */
  readonly problems: readonly Problem[];
  /** How many of each status the period has in all (the list above may be cut). */
  readonly problemCounts: Readonly<Partial<Record<SaleStatus, number>>>;
};

/** The service's order list for the day set against the journal. */
export type Reconciliation =
  | {
      readonly checked: true;
      /** Orders at the service that the journal does not have (sold elsewhere, or lost here). */
      readonly missingHere: readonly {
        readonly code: string;
        readonly description: string | null;
        readonly createdAt: string;
        readonly price: Money;
      }[];
      /** Completed sales and top-ups in the journal that the service does not list. */
      readonly missingThere: readonly {
        readonly kind: 'sale' | 'topup';
        readonly id: string;
        readonly reference: string;
        readonly code: string | null;
      }[];
      readonly matched: number;
    }
  | { readonly checked: false; readonly reason: string };

export type ExpectedTakings = readonly { readonly method: PaymentMethod; readonly currency: string; readonly minor: number }[];

export type ClosePreview = {
  readonly date: string;
  readonly report: Report;
  readonly expected: ExpectedTakings;
  readonly expectedCash: Amounts;
  /** Sales or top-ups whose outcome is not known yet: the day cannot be closed until they are. */
  readonly unfinished: number;
  readonly reconciliation: Reconciliation;
  readonly closed: DayClose | null;
};

export type DayClose = {
  readonly id: string;
  readonly date: string;
  readonly timeZone: string;
  readonly closedAt: string;
  readonly closedBy: string;
  readonly closedByName: string;
  readonly expected: ExpectedTakings;
  readonly countedCash: Amounts;
  /** Counted minus expected cash, per currency: negative when the drawer is short. */
  readonly cashDifference: Amounts;
  readonly report: Report;
  readonly reconciliation: Reconciliation;
};
