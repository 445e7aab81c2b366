/** Shapes of the manager's back office that cross the contract. */
import type { Money } from './money.ts';
import type { ExchangeRate, PriceRules } from './pricing.ts';

export type StaffMember = {
  readonly id: string;
  readonly name: string;
  readonly role: 'clerk' | 'manager';
  readonly active: boolean;
  /** Wrong sign-in PINs towards the next lock. */
  readonly failedAttempts: number;
  /** While five wrong PINs hold the account locked: when the lock began; null otherwise. */
  readonly lockedAt: string | null;
  /** While locked: when the lock ends by itself (ISO-8601). A manager's unlock ends it at once. */
  readonly lockedUntil: string | null;
  /**
   * While wrong approval PINs pause this person's approvals (asking for one, or, for a manager,
   * approvals naming them): when the pause ends. Unlock ends it too.
   */
  readonly approvalsPausedUntil: string | null;
  /** The language this person chose for their screens; null for the computer's. */
  readonly language: string | null;
  readonly createdAt: string;
};

export type AuditView = {
  readonly seq: number;
  readonly at: string;
  readonly actorStaffId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly subject: string | null;
  readonly details: Readonly<Record<string, unknown>>;
};

export type { StoreSettings } from './store-settings.ts';

/** The store's price rules: the rule for everything and its exceptions, in the store's currency. */
export type PriceRulesView = PriceRules & { readonly currency: string };

/** The partner's exchange rate into the store's currency, as the manager sees it. */
export type RatesView = {
  /** The partner's currency (its prices and its rates' base). */
  readonly from: string;
  /** The store's currency. */
  readonly to: string;
  /** False when the store sells in the partner's currency: no rate is needed. */
  readonly needed: boolean;
  /** The rate prices are converted at now (the newest known); null when none is known. */
  readonly current: (ExchangeRate & { readonly fetchedAt: string }) | null;
  /** The current rate is days old: the counter could not fetch a newer one. */
  readonly stale: boolean;
  /** The last days' rates, newest first. */
  readonly recent: readonly (ExchangeRate & { readonly fetchedAt: string })[];
  /** Why the last fetch failed; null when it did not. Without any rate, prices stay in the partner's currency. */
  readonly problem: { readonly kind: 'not_offered' | 'not_enabled' | 'unreachable'; readonly currency: string } | null;
};

/** The shop's credit with the partner service, as last read. */
export type BalanceView = {
  readonly available: Money | null;
  readonly floor: Money | null;
  /** True when the balance is known and below the floor: sales are stopped. */
  readonly belowFloor: boolean;
  readonly asOf: string | null;
};

export type RefundView = {
  readonly id: string;
  readonly partnerId: string | null;
  readonly iccids: readonly string[];
  readonly reason: string;
  readonly notes: string | null;
  /**
   * 'requested': with the service for review (approved refunds arrive as account credit);
   * 'refunded' or 'partly_refunded' once the service's order status says so (shared/history.ts).
   */
  readonly status: 'requested' | 'refused' | 'refunded' | 'partly_refunded';
  readonly refusal: string | null;
  readonly requestedBy: string;
  readonly createdAt: string;
  /** The sale it was started from in History, when it was. */
  readonly saleId: string | null;
  readonly saleReference: string | null;
  /** The ICCIDs the service has refunded so far. */
  readonly refunded: readonly string[];
  /** When the service's answer was last looked for; null before the first look. */
  readonly checkedAt: string | null;
};
