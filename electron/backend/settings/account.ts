/**
 * The shop's account with the partner service: its balance (and the floor below which the counter
 * stops selling) and the back office's low-data e-mail notifications. Refunds: refunds/service.ts.
 */
import type Database from 'better-sqlite3';
import type { Money } from '../../../shared/money.ts';
import type { BalanceView } from '../../../shared/manager.ts';
import { appendAudit } from '../audit/db.ts';
import { getSetting, setSetting, SETTINGS } from './db.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { getBalance, lowDataEmailOptIn, lowDataEmailOptOut } from '../partner/account.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { StaffSession } from '../staff/sessions.ts';

const BALANCE_TTL_MS = 60_000;

export class AccountService {
  readonly #db: Database.Database;
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  #balance: { value: Money | null; at: number } | null = null;
  #reading: Promise<Money | null> | null = null;

  constructor(options: { db: Database.Database; partner: PartnerClient; now?: () => number }) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
  }

  /** The balance, read at most once a minute (concurrent callers share the read). */
  async balance(force = false): Promise<BalanceView> {
    if (force || !this.#balance || this.#now() - this.#balance.at > BALANCE_TTL_MS) {
      this.#reading ??= getBalance(this.#partner)
        .then((value) => {
          this.#balance = { value, at: this.#now() };
          return value;
        })
        .finally(() => {
          this.#reading = null;
        });
      await this.#reading;
    }
    return this.#view();
  }

  /**
   * Refuses a sale while the balance is known to be under the manager's floor. An unknown balance
   * (the service unreachable) does not stop sales: the order itself will say if credit is short.
   */
  async assertCanSell(): Promise<void> {
    if (await this.salesPaused()) {
      throw new AppFailure(
        'low_balance',
        'The shop’s credit with the eSIM service is below the minimum a manager set. Sales are stopped until the account is topped up.',
      );
    }
  }

  /** Whether the manager's floor stops sales now; the counter asks before the clerk takes payment. */
  async salesPaused(): Promise<boolean> {
    if (!getSetting(this.#db, SETTINGS.balanceFloor)) return false;
    try {
      return (await this.balance()).belowFloor;
    } catch (error) {
      if (error instanceof PartnerError) return false;
      throw error;
    }
  }

  /**
   * Whether the credit covers a cost, for the clerk before payment; null when the balance cannot be
   * read or is in another currency. A balance read in the last minute is enough: it only falls.
   */
  async covers(cost: Money): Promise<boolean | null> {
    let available: Money | null;
    try {
      available = (await this.balance()).available;
    } catch (error) {
      if (error instanceof PartnerError) return null;
      throw error;
    }
    if (!available || available.currency !== cost.currency) return null;
    return available.minor >= cost.minor;
  }

  #view(): BalanceView {
    const floor = getSetting(this.#db, SETTINGS.balanceFloor);
    const available = this.#balance?.value ?? null;
    const belowFloor = Boolean(floor && available && available.currency === floor.currency && available.minor < floor.minor);
    return { available, floor, belowFloor, asOf: this.#balance ? new Date(this.#balance.at).toISOString() : null };
  }

  /** Subscribes the back office's address to low-data e-mails, or with null unsubscribes. */
  async setLowDataEmail(email: string | null, manager: StaffSession): Promise<string | null> {
    if (email) await lowDataEmailOptIn(this.#partner, email);
    else await lowDataEmailOptOut(this.#partner);
    setSetting(this.#db, SETTINGS.lowDataEmail, email);
    appendAudit(this.#db, {
      action: 'notifications.low_data',
      actorStaffId: manager.staffId,
      details: { subscribed: email !== null },
    });
    return email;
  }
}
