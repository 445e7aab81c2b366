import type { Money } from './money.ts';
import type { CashCount } from './denominations.ts';
import type { PaymentMethod, SaleStatus } from './sales.ts';
import type { TenderCount } from './till.ts';
import { addDays } from './clock.ts';

/** What a line of takings is: a sale of eSIMs, a top-up, or a batch of voucher codes. */
export type LineKind = 'sale' | 'topup' | 'voucher';

/** Amounts never mix currencies: every money figure is a list, one entry per currency. */
export type Amounts = readonly Money[];

export type Totals = {
  readonly sales: number; // completed sales
  readonly esims: number; // eSIMs in them
  readonly topups: number; // completed top-ups
  /**
   * Completed voucher batches, the codes in them and what they took (in revenue too); absent in
   * closes made before vouchers counted.
   */
  readonly vouchers?: number;
  readonly voucherCodes?: number;
  readonly voucherRevenue?: Amounts;
  readonly revenue: Amounts;
  /** What the partner charged (in its currency), over the sales and top-ups whose cost is known. */
  readonly cost: Amounts;
  /** The same in the store's currency, at each sale's rate; absent in closes made before local prices. */
  readonly costLocal?: Amounts;
  /** The tax in the revenue (VAT included or sales tax added); absent in closes made before taxes. */
  readonly tax?: Amounts;
  /**
   * Revenue less tax less cost in the store's currency, over the ones whose cost there is known: a
   * sale of unknown cost adds nothing to either.
   */
  readonly margin: Amounts;
  /** Sales and top-ups whose cost nobody knows; absent in closes made before costs could be unknown. */
  readonly costUnknown?: number;
  /**
   * eSIMs of the period's sales that the service has refunded since, as known when the report was
   * made: counted in `esims` (they were issued), shown apart as no longer sold. Revenue stays what
   * the till took. Absent when none was refunded, and in closes, which record the takings of their day.
   */
  readonly refunded?: RefundedTotals;
};

export type RefundedTotals = {
  readonly esims: number;
  /** What the customers paid for them. */
  readonly value: Amounts;
  /** The partner's cost of those whose cost is known, which the service credits back. */
  readonly cost: Amounts;
};

/** The eSIMs still sold: those issued less those refunded. */
export const soldEsims = (totals: Pick<Totals, 'esims' | 'refunded'>): number => totals.esims - (totals.refunded?.esims ?? 0);

export type Breakdown = {
  /**
   * What the row is, for the screen to word in the reader's language: a staff id, `sale:<package
   * id>` or `topup:<package id>`, an ISO country code or 'regional', a payment method.
   */
  readonly key: string;
  /**
   * A name shown as it was recorded: the clerk's, or the package's title as the partner wrote it.
   * Absent for countries and payment methods, which have no name but the reader's language's.
   */
  readonly name?: string;
  /** A package row's kind: the screen says when a package was a top-up or vouchers. */
  readonly kind?: LineKind;
  /**
   * Closes recorded before the screens worded their rows carry an English label instead of `name`
   * ("Top-up: …" for a top-up package); read only to show those.
   */
  readonly label?: string;
  readonly count: number;
  readonly revenue: Amounts;
  /**
   * The tax in the revenue, for the row's margin %. Absent from closes recorded before rows carried
   * it: their margin % is not known.
   */
  readonly tax?: Amounts;
  readonly margin: Amounts;
  /** How many of `count` have no known cost, so are left out of the margin. */
  readonly costUnknown?: number;
};

export type Problem = {
  readonly kind: LineKind;
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
  readonly perDay: readonly {
    readonly date: string;
    readonly count: number;
    readonly revenue: Amounts;
    /** The day's margin as the totals take it; absent in closes recorded before it was charted. */
    readonly margin?: Amounts;
  }[];
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
  | {
      readonly checked: false;
      /**
       * Why not, as a code the screen words (ReconciliationProblem); closes recorded before the
       * codes hold an English sentence instead.
       */
      readonly reason: string;
    };

/** Why a reconciliation could not be made: the service could not be asked, or its answer not read. */
export type ReconciliationProblem = 'service_unreachable' | 'unreadable';

export type ExpectedTakings = readonly { readonly method: PaymentMethod; readonly currency: string; readonly minor: number }[];

/** One completed sale, top-up or voucher batch that no close covers yet. */
export type OpenLine = {
  readonly kind: LineKind;
  readonly id: string;
  readonly reference: string;
  readonly createdAt: string;
  readonly staffName: string;
  readonly packageTitle: string;
  readonly paymentMethod: PaymentMethod;
  readonly total: Money;
};

/** What the next close of a date would cover: the whole day at first, what completed after the last close since. */
export type OpenTakings = {
  readonly sales: number;
  readonly topups: number;
  readonly vouchers: number;
  readonly expected: ExpectedTakings;
  /** The cash sales' total plus the opening float: what the drawer should hold. */
  readonly expectedCash: Amounts;
  /** The day's opening float, counted in expectedCash (the day's first close only). */
  readonly float: Amounts;
  /** A difference above this needs a reason (the note); null: never required. */
  readonly reasonAbove: Money | null;
  /** The latest first, at most 100 of them. */
  readonly lines: readonly OpenLine[];
  /**
   * Names exactly these rows. A close carries the basis the manager counted against and is refused
   * when a sale completed in between, so the counted cash is never set against figures not seen.
   */
  readonly basis: string;
};

export type ClosePreview = {
  readonly date: string;
  /** The whole date, as Reports shows it: the date's closes and what is still open add up to it. */
  readonly report: Report;
  /** Oldest first; empty while the day is open. */
  readonly closes: readonly DayClose[];
  readonly open: OpenTakings;
  /** Sales or top-ups whose outcome is not known yet: nothing can be closed until they are. */
  readonly unfinished: number;
  /** References of the date's sales taken offline not yet issued nor refunded: nothing can be closed until they are. */
  readonly offlineOpen: readonly string[];
  /** Live while anything is open; once all is closed, as the last close recorded it. */
  readonly reconciliation: Reconciliation;
  /** Earlier closed dates with sales completed after their last close (a failed sale sent again later). */
  readonly otherDays: readonly {
    readonly date: string;
    readonly sales: number;
    readonly topups: number;
    readonly vouchers: number;
  }[];
};

export type DayClose = {
  readonly id: string;
  readonly date: string;
  /** 1 for the day's close; 2, 3… for supplementary closes of what completed after the close before. */
  readonly sequence: number;
  readonly timeZone: string;
  readonly closedAt: string;
  readonly closedBy: string;
  readonly closedByName: string;
  /** When the close before this one was made; null for the day's own close. */
  readonly follows: string | null;
  /** Expected takings per payment method of what this close covers. */
  readonly expected: ExpectedTakings;
  readonly countedCash: Amounts;
  /** Counted minus expected cash, per currency: negative when the drawer is short. */
  readonly cashDifference: Amounts;
  /** The manager's words on the difference. */
  readonly note: string | null;
  /** The opening float in the expected cash (the day's first close only); empty for closes before floats. */
  readonly float: Amounts;
  /** The card terminal's and other tenders' totals counted against the journal's; empty when not counted. */
  readonly tenders: readonly TenderCount[];
  /** The cash counted by notes and coins, per currency so counted; empty when counted as a total. */
  readonly cashCounts: readonly CashCount[];
  /** What this close covers: the day's sales for the first, the later ones for a supplementary close. */
  readonly report: Report;
  readonly reconciliation: Reconciliation;
  /**
   * The audit log's newest entry when the close was made (its own 'day.closed' entry), printed on
   * the Z report: entries deleted or rewritten up to it later no longer match it. Null for closes
   * made before the journal kept it.
   */
  readonly auditHead: { readonly seq: number; readonly hash: string } | null;
};

/** A past day with completed sales or top-ups and no close: its money was never counted. */
export type UnclosedDay = { readonly date: string; readonly count: number };

/** Whether today is closed already, for the counter: sales after a close go into a supplementary close. */
export type DayStatus = {
  readonly date: string;
  readonly lastClose: { readonly sequence: number; readonly closedAt: string; readonly closedByName: string } | null;
};

/** Expected takings per payment method and currency from a report, and the cash part on its own. */
export function takings(report: Pick<Report, 'byPaymentMethod'>): { expected: ExpectedTakings; expectedCash: Amounts } {
  const expected = report.byPaymentMethod.flatMap((p) =>
    p.revenue.map((m) => ({ method: p.key, currency: m.currency, minor: m.minor })),
  );
  return {
    expected,
    expectedCash: expected.filter((e) => e.method === 'cash').map(({ currency, minor }) => ({ currency, minor })),
  };
}

/** A period's totals alone: what the Reports screen compares a report with (reports.totals). */
export type ReportTotals = Pick<Report, 'fromDate' | 'toDate' | 'timeZone' | 'totals'>;

/**
 * The periods the Reports screen reads for the range first..last: the range; the same number of
 * days just before, to compare with; and, for a range shorter than a week, the same days a week
 * earlier. One list, so the benchmark times what the screen asks for.
 */
export function reportReads(first: string, last: string) {
  const days = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
  return {
    report: { from: first, to: last },
    previous: { from: addDays(first, -days), to: addDays(first, -1) },
    lastWeek: days < 7 ? { from: addDays(first, -7), to: addDays(last, -7) } : null,
  };
}
