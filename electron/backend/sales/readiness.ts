/**
 * Whether the counter may sell now, asked before the clerk takes a payment: the journal must take
 * the sale, the manager's balance floor must not stop it, and the screen is told whether the eSIM
 * service answers (a sale sent while it does not ends failed or uncertain, after the payment), and
 * no order may be held by the service's wait.
 */
import { AppFailure } from '../../../shared/errors.ts';
import type { OfflineReadiness, SalesReadiness } from '../../../shared/sales.ts';
import type { OrderHold } from '../partner/order-hold.ts';
import type { Reachability } from '../partner/reachability.ts';
import type { AccountService } from '../settings/account.ts';
import type { JournalHealth } from '../journal/health.ts';

export type Readiness = {
  get(): Promise<SalesReadiness>;
  /** Throws the reason a sale may not be made now (secrets_locked, journal_unavailable, rate_limited, low_balance). */
  assertCanSell(): Promise<void>;
};

export function createReadiness(deps: {
  readonly account: Pick<AccountService, 'salesPaused' | 'assertCanSell'>;
  readonly journal: JournalHealth;
  readonly reachability: Reachability;
  readonly orderHold: Pick<OrderHold, 'current'>;
  /** Throws when the partner secret cannot be read now (secrets_locked until a manager signs in). */
  readonly credentials?: () => void;
  /** Whether sales may be taken while the service is away, and how many wait (none: never). */
  readonly offline?: () => OfflineReadiness;
}): Readiness {
  const { account, journal, reachability, orderHold } = deps;
  return {
    async get() {
      const [service, lowBalance] = await Promise.all([reachability.fresh(), account.salesPaused()]);
      const paused = !journal.writable() ? 'journal_unavailable' : lowBalance ? 'low_balance' : null;
      const offline = deps.offline?.() ?? { enabled: false, hours: 0, waiting: 0, maxPerSale: null, room: null };
      return { paused, service, orderHold: orderHold.current(), offline };
    },
    async assertCanSell() {
      deps.credentials?.();
      journal.assertWritable();
      // Before the intent is written: a held order is refused with the wait, not recorded as failed.
      const held = orderHold.current();
      if (held) {
        throw new AppFailure('rate_limited', 'The eSIM service asked this counter to wait before its next order.', {
          retryAfterSeconds: held.seconds,
        });
      }
      await account.assertCanSell();
    },
  };
}
