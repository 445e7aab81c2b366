import type { SaleDelivery } from './delivery.ts';
import type { Money } from './money.ts';
import { SALE_MACHINE } from './order-machine.ts';

/** The sale and top-up state machine, declared once in shared/order-machine.ts. */
export const SALE_STATUSES = SALE_MACHINE.statuses;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const STATUS_TRANSITIONS = SALE_MACHINE.transitions;
export const UNSETTLED_STATUSES = SALE_MACHINE.unsettled;

/**
 * What a sale's view says: its machine's status, or `queued` while a sale taken offline waits to be
 * placed (shared/order-machine.ts OFFLINE_MACHINE).
 */
export type SaleViewStatus = SaleStatus | 'queued';

/**
 * Where a sale taken offline stands: waiting to be placed, being placed (its order sent, the answer
 * being checked), issued (the service e-mails the eSIM), to be refunded (refused, or its time ran
 * out), refunded (a manager voided it).
 */
export type OfflineState = 'waiting' | 'placing' | 'issued' | 'to_refund' | 'refunded';

export type OfflineSaleInfo = {
  readonly state: OfflineState;
  /** When the clerk took it; the sale is placed by `deadline` or refused and listed for a refund. */
  readonly takenAt: string;
  readonly deadline: string;
};

/** What the counter may take offline now, and how many sales wait (every clerk sees the count). */
export type OfflineReadiness = {
  readonly enabled: boolean;
  readonly hours: number;
  /** Waiting or being placed. */
  readonly waiting: number;
  /** The most one sale may come to; null: no cap. */
  readonly maxPerSale: Money | null;
  /** How much more may wait now (the cap on the total less what waits); null: no cap. */
  readonly room: Money | null;
};

export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An eSIM of a sale. The LPA text and the Apple link are bearer secrets: null when masked. */
export type EsimView = {
  readonly iccid: string;
  readonly qrcode: string | null;
  readonly appleInstallUrl: string | null;
  readonly masked: boolean;
};

/**
 * Why a sale or top-up did not complete, as one closed vocabulary for the journal, the views and
 * the renderer's words. The partner's business codes a counter meets have their own names.
 */
export const ORDER_FAILURE_CODES = [
  'not_sent', // the app stopped before the order went out: nothing charged
  'unreachable', // the service could not be reached: nothing sent
  'rate_limited', // the service asked us to wait (429): nothing ordered
  'refused_credentials', // the shop's credentials were refused: nothing ordered
  'sold_out', // out of stock (partner codes 33, 34, or "quantity not available")
  'low_credit', // the shop's credit with the service is too low (partner code 11)
  'maintenance', // the operator is in maintenance (partner code 13)
  'topup_disabled', // the operator switched top-ups off for this package (partner code 23)
  'recycled', // the eSIM was recycled and cannot be topped up (partner code 73)
  'rejected', // any other refusal; the reason carries the service's words
  'uncertain', // the answer was lost: being looked up by reference
  'not_found', // the look-up found no order for the reference: safe to send again
  'expired', // taken offline and not placed within the manager's time limit: to be refunded
] as const;
export type OrderFailureCode = (typeof ORDER_FAILURE_CODES)[number];

/** Why a sale or top-up failed, in words; `retryAfterSeconds` while a wait the service asked for runs. */
export type OrderFailure = {
  readonly code: OrderFailureCode | null;
  readonly reason: string;
  readonly retryAfterSeconds?: number;
};

export type SaleView = {
  readonly id: string;
  /** Our reference, sent to the partner as the order description. */
  readonly reference: string;
  readonly status: SaleViewStatus;
  readonly packageId: string;
  readonly packageTitle: string;
  readonly packageData: string;
  readonly packageDays: number;
  readonly countryCode: string | null;
  /** A regional or global package's region by the partner's slug, while the catalogue lists it; else null. */
  readonly region: string | null;
  readonly quantity: number;
  readonly unitPrice: Money;
  /** What the customer pays: the price of the eSIMs, and the tax where it is added at checkout. */
  readonly total: Money;
  /** Null when the sale carries no tax. */
  readonly tax: TaxLine | null;
  readonly paymentMethod: PaymentMethod;
  readonly customerEmail: string | null;
  readonly staffId: string;
  readonly partnerOrderCode: string | null;
  /** Why a sale failed, in words; null unless failed or not found. */
  readonly failure: OrderFailure | null;
  /** Until when (ISO) the service asked us not to send it again; null when it may be retried now. */
  readonly retryAfter: string | null;
  readonly attempts: number;
  readonly createdAt: string;
  readonly completedAt: string | null;
  readonly esims: readonly EsimView[];
  /** A manager closed this never-sent sale for good: it cannot be sent again. */
  readonly voided: SaleVoid | null;
  /** How the service was asked to e-mail the eSIMs (link, PDF, a copy to the store) and under which brand. */
  readonly delivery?: SaleDelivery;
  /** Taken while the service could not be reached, its eSIM e-mailed once placed; absent for any other sale. */
  readonly offline?: OfflineSaleInfo;
};

/** The tax of a sale or top-up: part of its price (included), or on top of it (added). */
export type TaxLine = { readonly mode: 'included' | 'added'; readonly percent: number; readonly amount: Money };

export type SaleVoid = { readonly at: string; readonly byStaffId: string; readonly reason: string };

/**
 * Whether the eSIM service answers, as the backend last saw it: `since` when this state began,
 * `lastContactAt` the last time anything came back from the service (null: never since the start).
 */
export type ServiceReachability = {
  readonly state: 'reachable' | 'unreachable' | 'unknown';
  readonly since: string;
  readonly lastContactAt: string | null;
};

/** Why the counter may not sell now. */
export type SalesPause =
  /** The shop's credit with the service is under the manager's floor. */
  | 'low_balance'
  /** The sales journal cannot be written (a full disk, a failing drive): nothing could be recorded. */
  | 'journal_unavailable';

/**
 * Whether the counter may sell now, in what a clerk may know: the reason, never the balance, and
 * whether the eSIM service can be reached, so no payment is taken for a sale that cannot be sent.
 */
export type SalesReadiness = {
  readonly paused: SalesPause | null;
  readonly service: ServiceReachability;
  /** The service asked this counter to wait before its next order: every order is held until then. */
  readonly orderHold: OrderHold | null;
  /** Sales taken while the service is away: whether a manager allows them, and how many wait. */
  readonly offline: OfflineReadiness;
};

/**
 * Orders held after the service's 429: until when (the backend's clock) and the whole seconds left
 * as of the answer, which a screen counts down on its own clock.
 */
export type OrderHold = { readonly until: string; readonly seconds: number };

/** Unfinished sales found and settled at start-up, for the clerk's notice. */
export type ReconcileSummary = {
  readonly checked: number;
  readonly completed: number;
  readonly notSent: number;
  readonly notFound: number;
  readonly stillUncertain: number;
};

/**
 * What the counter should keep in view: how the start settled what the last run left unfinished
 * (`settledAt` says when, so a screen can tell this start's summary from the last one's), and every
 * sale still being checked now, whoever sold it.
 */
export type PendingSales = ReconcileSummary & {
  readonly settledAt: string;
  readonly unsettled: readonly SaleView[];
};

/** A top-up package an eSIM can take, priced for the counter. */
export type TopupOffer = {
  readonly id: string;
  readonly title: string;
  readonly dataText: string;
  readonly dataMb: number;
  readonly days: number;
  readonly isUnlimited: boolean;
  readonly voiceMinutes: number | null;
  readonly textMessages: number | null;
  readonly retail: Money;
  readonly net: Money | null;
};

export type TopupOptions = {
  readonly iccid: string;
  /** False when the ICCID's check digit did not match: the clerk must confirm before buying. */
  readonly luhnValid: boolean;
  readonly offers: readonly TopupOffer[];
};

export type TopupView = {
  readonly id: string;
  readonly reference: string;
  readonly status: SaleStatus;
  readonly iccid: string;
  readonly packageId: string;
  readonly packageTitle: string;
  readonly packageData: string;
  readonly packageDays: number;
  readonly price: Money;
  /** What the customer pays: the price, and the tax where it is added at checkout. */
  readonly total: Money;
  readonly tax: TaxLine | null;
  readonly paymentMethod: PaymentMethod;
  readonly staffId: string;
  readonly partnerOrderCode: string | null;
  readonly failure: OrderFailure | null;
  /** Until when (ISO) the service asked us not to send it again; null when it may be retried now. */
  readonly retryAfter: string | null;
  readonly attempts: number;
  readonly createdAt: string;
  readonly completedAt: string | null;
};
