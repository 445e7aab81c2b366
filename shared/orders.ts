/**
 * Orders beyond a sale at the counter: a group's (more eSIMs than a counter sale, made by the
 * service in the background) and a future order's (made by the service at a due time and e-mailed
 * to the customer). Types both sides read, and the partner's rules on due dates, declared once.
 */
import type { Money } from './money.ts';
import { FUTURE_MACHINE } from './order-machine.ts';
import type { PaymentMethod, SaleView, TaxLine } from './sales.ts';

/** The most eSIMs a counter sale takes (sales.create); more are a group order. */
export const COUNTER_MAX_QUANTITY = 10;
/** The most eSIMs the partner makes in one order ("The quantity may not be greater than 50."). */
export const GROUP_MAX_QUANTITY = 50;

/** A group order as the counter follows it: its sale, and what the service has said so far. */
export type GroupOrderView = {
  readonly sale: SaleView;
  /** When the service accepted the request; null while it is being sent (or its answer was lost). */
  readonly acceptedAt: string | null;
  /** Look-ups for the order since it was sent, and when the last one answered. */
  readonly checks: number;
  readonly lastCheckedAt: string | null;
  /** Past this moment a look-up that still finds nothing says the service made nothing. */
  readonly giveUpAt: string | null;
};

/** The future order's state machine, declared once in shared/order-machine.ts. */
export const FUTURE_ORDER_STATUSES = FUTURE_MACHINE.statuses;
export type FutureOrderStatus = (typeof FUTURE_ORDER_STATUSES)[number];
/** Still open: the service may still make it, or its state is being settled. */
export const OPEN_FUTURE_STATUSES = FUTURE_MACHINE.unsettled;

/** Why a future order made nothing, as one closed vocabulary the renderer words. */
export const FUTURE_FAILURE_CODES = [
  'not_sent', // the app stopped before it was sent
  'unreachable', // the service could not be reached: nothing sent
  'rate_limited', // the service asked us to wait
  'refused_credentials',
  'sold_out', // partner code 34 (or 33), or the quantity not available
  'low_credit', // partner code 11
  'maintenance', // partner code 13
  'due_too_soon', // earlier than the day after tomorrow (UTC)
  'due_too_late', // more than a year ahead
  'rejected', // another refusal; the service's own words are kept
  'not_found', // its answer was lost and the service has no such order
  'failed_at_service', // the service listed it as failed at its due time
] as const;
export type FutureFailureCode = (typeof FUTURE_FAILURE_CODES)[number];

export type FutureOrderView = {
  readonly id: string;
  readonly reference: string;
  readonly status: FutureOrderStatus;
  /** What the service's list last said while it waits: `retry` while it tries again. */
  readonly partnerStatus: 'pending' | 'retry' | 'failed' | null;
  readonly packageId: string;
  readonly packageTitle: string;
  readonly packageData: string;
  readonly packageDays: number;
  readonly countryCode: string | null;
  readonly quantity: number;
  readonly unitPrice: Money;
  readonly total: Money;
  readonly tax: TaxLine | null;
  readonly paymentMethod: PaymentMethod;
  readonly customerEmail: string;
  readonly staffId: string;
  /** The due time (UTC ISO-8601); screens show it on the store's clock. */
  readonly dueAt: string;
  /** The last moment the service takes a cancellation (24 hours before the due time). */
  readonly latestCancellationAt: string | null;
  readonly failure: { readonly code: FutureFailureCode; readonly partnerMessage?: string } | null;
  /** When fulfilled: the sale in History with its eSIMs. */
  readonly saleId: string | null;
  readonly createdAt: string;
  readonly settledAt: string | null;
};

export type FutureOrderList = {
  readonly orders: readonly FutureOrderView[];
  /** When the service's lists were last read; null if never. */
  readonly checkedAt: string | null;
  /** The last read failed (the service unreachable): the states shown are as of `checkedAt`. */
  readonly checkFailed: boolean;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The service takes no cancellation in the last 24 hours before the due time. */
export const CANCEL_BEFORE_DUE_MS = DAY_MS;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, as typed (in the store's time zone). */
export const DUE_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/** The earliest due time the service takes: midnight UTC of the day after tomorrow. */
export function earliestDue(nowMs: number): number {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return today + 2 * DAY_MS;
}

/** The latest due time the service takes: a year from now, to the minute. */
export function latestDue(nowMs: number): number {
  return Math.floor((nowMs + 365 * DAY_MS) / MINUTE_MS) * MINUTE_MS;
}

/** Whether the service takes this due time now: null, or which rule it breaks. */
export function dueProblem(dueMs: number, nowMs: number): 'due_too_soon' | 'due_too_late' | null {
  if (dueMs < earliestDue(nowMs)) return 'due_too_soon';
  if (dueMs > latestDue(nowMs)) return 'due_too_late';
  return null;
}

/** `YYYY-MM-DD HH:MM` in UTC: the service's due-date format. */
export function utcMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant of the service's `YYYY-MM-DD HH:MM` (UTC); NaN when it is not one. */
export function parseUtcMinute(text: string): number {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text) ? Date.parse(`${text.replace(' ', 'T')}:00Z`) : Number.NaN;
}

/**
 * The instant a due date typed in the store's time zone stands for: `YYYY-MM-DD` is the start of
 * that day there, `YYYY-MM-DD HH:MM` that minute. Null for anything else or a date that does not
 * exist (a 31 April). A minute the clocks skip (a spring-forward gap) lands just after the gap.
 */
export function dueInstant(text: string, timeZone: string): number | null {
  const match = DUE_DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // The zone's offset at a first guess, then at the instant that guess gives (a DST change between).
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (whole minutes). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
