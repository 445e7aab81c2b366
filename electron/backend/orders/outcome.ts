/**
 * What the sale state machine (submission.ts) gets back from the partner service: an order's
 * answer, an asynchronous order's acceptance, and what looking a reference up found.
 */
import type { Money } from '../../../shared/money.ts';
import type { PartnerClient } from '../partner/client.ts';
import { findOrdersByDescription } from '../partner/orders.ts';
import type { OrderListEntry, SimEntry } from '../partner/schemas/orders.ts';

/** What the service answered (or what a lookup found): the order and its eSIMs. */
export type Outcome = {
  readonly orderId: number;
  readonly code: string;
  readonly sims: readonly SimEntry[];
  /** What the partner says it charged per eSIM, when its answer says so. */
  readonly unitCost: Money | null;
};

/**
 * What the service answered to an asynchronous order: it accepted the request and makes the eSIMs
 * later. The row is then looked up by its reference until the order is there.
 */
export type Accepted = { readonly accepted: true; readonly requestId: string; readonly acceptedAt: string };

/** What a look-up by reference found. */
export type Found =
  | { readonly kind: 'order'; readonly outcome: Outcome; readonly orders: number }
  /** The service lists this attempt's order as failed: nothing was made or charged. */
  | { readonly kind: 'failed' }
  | { readonly kind: 'none' };

/** The charge an order's answer states: the discounted unit price, else the net price, else nothing. */
export function chargedPerUnit(order: { unit_paid_price: Money | null; net_price: Money | null }): Money | null {
  return order.unit_paid_price ?? order.net_price;
}

/** An order of the service's list as what a sale keeps of it. */
export function outcomeOfListed(order: OrderListEntry): Outcome {
  return { orderId: order.id, code: order.code, sims: order.sims ?? [], unitCost: chargedPerUnit(order) };
}

/**
 * The orders the service made under `reference` (its description): the first is adopted. One it
 * lists as failed made nothing and is not adopted; without a count of those seen before (a group
 * order's), it cannot say which attempt failed, so it is not taken for this one's answer either.
 */
export async function lookUpByReference(partner: PartnerClient, reference: string): Promise<Found> {
  const made = (await findOrdersByDescription(partner, reference)).filter((order) => order.status?.slug !== 'failed');
  const first = made[0];
  return first ? { kind: 'order', outcome: outcomeOfListed(first), orders: made.length } : { kind: 'none' };
}
