/**
 * Every kind of order the counter sends the partner once (a sale, a top-up, a group order, a
 * future order, a voucher batch) moves through states declared here, once: which states it has,
 * where each may go, and which are not settled yet. The journal's CHECKs and triggers allow the
 * same states; electron/backend/orders/send-once.ts sends each kind the same one way.
 */

/** The states of a machine, where each may go, and those still to be settled. */
export type OrderMachine<S extends string> = {
  readonly statuses: readonly S[];
  readonly transitions: { readonly [K in S]: readonly S[] };
  /** Still being settled: never to be sent again by the clerk, never to be forgotten by the app. */
  readonly unsettled: readonly S[];
};

const machine = <const S extends string>(m: OrderMachine<S>): OrderMachine<S> => m;

/**
 * Sales and top-ups (a group order is a sale). `completed` goes nowhere (the journal's triggers
 * refuse it too); `failed` and `not_found` go back to `submitting` only, when the same order is
 * sent again under its reference.
 */
export const SALE_MACHINE = machine({
  statuses: ['pending', 'submitting', 'completed', 'failed', 'uncertain', 'not_found'],
  transitions: {
    pending: ['submitting', 'failed'],
    submitting: ['completed', 'failed', 'uncertain'],
    uncertain: ['completed', 'not_found'],
    failed: ['submitting'],
    not_found: ['submitting'],
    completed: [],
  },
  unsettled: ['pending', 'submitting', 'uncertain'],
});

/**
 * Future orders: sent once like a sale, then scheduled at the service until it makes the order at
 * its due time (fulfilled), fails it, or a cancellation goes through. The settled ones go nowhere
 * (the journal's trigger holds to it too).
 */
export const FUTURE_MACHINE = machine({
  statuses: [
    'pending', // written, not yet sent
    'submitting', // being sent
    'uncertain', // sent, the answer lost: being looked up by its reference
    'scheduled', // the service has it, to make at its due time
    'cancelling', // a cancellation is being sent
    'failed', // nothing was made (refused, never reached the service, or failed at the service)
    'cancelled', // cancelled before its due time: nothing will be made
    'fulfilled', // made and e-mailed: its sale is in History
  ],
  transitions: {
    pending: ['submitting', 'failed'],
    submitting: ['scheduled', 'failed', 'uncertain'],
    uncertain: ['scheduled', 'failed', 'fulfilled'],
    scheduled: ['cancelling', 'failed', 'fulfilled'],
    cancelling: ['cancelled', 'scheduled', 'failed', 'fulfilled'],
    failed: [],
    cancelled: [],
    fulfilled: [],
  },
  // Still open: the service may still make it, or its state is being settled.
  unsettled: ['pending', 'submitting', 'uncertain', 'scheduled', 'cancelling'],
});

/**
 * Voucher batches: written straight as `submitting` (there is nothing to do before sending), then
 * settled once. The service has no way to look a voucher request up, so `uncertain` stays: the
 * counter never asks again by itself (a manager checks the partner's platform).
 */
export const VOUCHER_MACHINE = machine({
  statuses: ['submitting', 'completed', 'failed', 'uncertain'],
  transitions: { submitting: ['completed', 'failed', 'uncertain'], completed: [], failed: [], uncertain: [] },
  unsettled: ['submitting', 'uncertain'],
});

/**
 * Sales taken while the service could not be reached (offline sales): paid at the counter, waiting
 * on it (`queued`) until the service answers. Placing one writes its sale, from then on a sale of
 * SALE_MACHINE; a waiting sale whose time ran out is `lapsed`, one a manager refunded before it was
 * placed `withdrawn`: both with a failed sale for the refund. Only `queued` moves (the journal's
 * trigger holds to it too).
 */
export const OFFLINE_MACHINE = machine({
  statuses: ['queued', 'placed', 'lapsed', 'withdrawn'],
  transitions: { queued: ['placed', 'lapsed', 'withdrawn'], placed: [], lapsed: [], withdrawn: [] },
  unsettled: ['queued'],
});

/** The states of `from` that may not move to `to` (none: the move is allowed). */
export function refusedMoves<S extends string>(m: OrderMachine<S>, from: readonly S[], to: S): S[] {
  return from.filter((status) => !m.transitions[status].includes(to));
}
