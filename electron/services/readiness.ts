/**
 * Whether the counter may sell now, asked before the clerk takes a payment: the journal must take
 * the sale, the manager's balance floor must not stop it, and the screen is told whether the eSIM
 * service answers (a sale sent while it does not ends failed or uncertain, after the payment).
 */
import type { SalesReadiness } from '../../shared/sales.ts';
import type { Reachability } from '../partner/reachability.ts';
import type { AccountService } from './account.ts';
import type { JournalHealth } from './journal-health.ts';

export type Readiness = {
  get(): Promise<SalesReadiness>;
  /** Throws the reason a sale may not be made now (secrets_locked, journal_unavailable, low_balance). */
  assertCanSell(): Promise<void>;
};

export function createReadiness(deps: {
  readonly account: Pick<AccountService, 'salesPaused' | 'assertCanSell'>;
  readonly journal: JournalHealth;
  readonly reachability: Reachability;
  /** Throws when the partner secret cannot be read now (secrets_locked until a manager signs in). */
  readonly credentials?: () => void;
}): Readiness {
  const { account, journal, reachability } = deps;
  return {
    async get() {
      const [service, lowBalance] = await Promise.all([reachability.fresh(), account.salesPaused()]);
      const paused = !journal.writable() ? 'journal_unavailable' : lowBalance ? 'low_balance' : null;
      return { paused, service };
    },
    async assertCanSell() {
      deps.credentials?.();
      journal.assertWritable();
      await account.assertCanSell();
    },
  };
}
