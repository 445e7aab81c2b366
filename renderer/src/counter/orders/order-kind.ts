/**
 * What kind of order the open checkout makes: a sale now, a group order (more eSIMs than a counter
 * sale takes: the service makes them in the background) or a future order (for a later date, made
 * by the service at that time and e-mailed). Pure: the Sell screen and its parts ask here.
 */
import { looksLikeEmail } from '../../../../shared/email.ts';
import { COUNTER_MAX_QUANTITY, dueInstant, dueProblem, GROUP_MAX_QUANTITY } from '../../../../shared/orders.ts';
import type { Checkout, LaterChoice } from '../sell/checkout.ts';

export type OrderKind = 'sale' | 'group' | 'later';

export function orderKindOf(checkout: Pick<Checkout, 'quantity' | 'later'>): OrderKind {
  if (checkout.later) return 'later';
  return checkout.quantity > COUNTER_MAX_QUANTITY ? 'group' : 'sale';
}

/** The most eSIMs the quantity field takes: a counter sale's, or the partner's for a group. */
export function maxQuantityOf(checkout: Pick<Checkout, 'quantity' | 'later'> & { group?: boolean }): number {
  return checkout.group || checkout.quantity > COUNTER_MAX_QUANTITY || checkout.later ? GROUP_MAX_QUANTITY : COUNTER_MAX_QUANTITY;
}

/** Why typed text is not a quantity this order takes: not a whole number, or above its maximum. */
export type QuantityProblem = 'notWhole' | 'counterMax' | 'groupMax';

/**
 * The quantity field's text taken as typed: "12" is twelve or refused, never quietly 2; "1e3", "-5"
 * and "0" are refused, not read as 1,000, 5 or 10. Above a counter sale's ten, the words point to
 * a group order.
 */
export function quantityProblemOf(text: string, max: number): QuantityProblem | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed) || Number(trimmed) < 1) return 'notWhole';
  if (Number(trimmed) <= max) return null;
  return max <= COUNTER_MAX_QUANTITY ? 'counterMax' : 'groupMax';
}

/** The due date as the contract takes it: `YYYY-MM-DD`, with ` HH:MM` when a time was chosen. */
export function dueDateText(later: LaterChoice): string {
  return later.time ? `${later.date} ${later.time}` : later.date;
}

/** What keeps a future order from being sent, for the field it is on; null when it may go. */
export type LaterProblem =
  | { readonly field: 'date'; readonly problem: 'missing' | 'due_too_soon' | 'due_too_late' }
  | { readonly field: 'email'; readonly problem: 'email_needed' };

/**
 * The partner's rules on the due date, checked as the backend will (shared/orders.ts), and the
 * e-mail the eSIM is sent to at its due time, which a future order cannot do without.
 */
export function laterProblem(checkout: Pick<Checkout, 'later' | 'email'>, timeZone: string, nowMs: number): LaterProblem | null {
  const { later } = checkout;
  if (!later) return null;
  const due = later.date ? dueInstant(dueDateText(later), timeZone) : null;
  if (due === null) return { field: 'date', problem: 'missing' };
  const problem = dueProblem(due, nowMs);
  if (problem) return { field: 'date', problem };
  if (!checkout.email.trim() || !looksLikeEmail(checkout.email)) return { field: 'email', problem: 'email_needed' };
  return null;
}

/** Every half hour of a day, `HH:MM`: the times a departure can be chosen at. */
export const DUE_TIMES: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
