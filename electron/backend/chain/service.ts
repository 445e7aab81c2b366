/**
 * The counter as one node of a chain: its ids (in every reference it sends the partner), joining a
 * head office (the URL's password into the secret store, the rest into chain.json, the journal
 * linked so its triggers fill the outbox), and the shipper's status for the manager.
 */
import type Database from 'better-sqlite3';
import type { ChainStatus } from '../../../shared/chain.ts';
import type { Environment } from '../../../shared/contract.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { appendAudit } from '../audit/db.ts';
import type { StaffSession } from '../staff/sessions.ts';
import type { SecretStore } from '../secrets/secrets.ts';
import { SecretsLockedError } from '../secrets/vault/store.ts';
import {
  CHAIN_SECRET_KEY,
  describeServer,
  isOtherCountersOrder,
  joinConnectionUrl,
  readChainConfig,
  referenceTag,
  splitConnectionUrl,
  writeChainConfig,
  type ChainConfig,
} from './identity.ts';
import { isLinked, linkJournal } from './db-outbox.ts';
import { Shipper, type CounterInfo, type ShipTarget } from './shipper.ts';

export type ChainServiceOptions = {
  readonly dataDir: string;
  readonly db: Database.Database;
  readonly environment: Environment;
  readonly secrets: SecretStore;
  readonly counter: () => CounterInfo;
  readonly log: (message: string, error?: unknown) => void;
  readonly now?: () => number;
  /** The shipper's pace (tests shorten it). */
  readonly pollMs?: number;
  readonly maxBackoffMs?: number;
};

export type JoinInput = { readonly url: string; readonly storeId: string; readonly counterId: string };

export class ChainService {
  readonly #o: ChainServiceOptions;
  #config: ChainConfig;
  /** Undefined while its password is sealed in a locked vault: looked for again at each ship. */
  #target: ShipTarget | null | undefined = null;
  readonly #shipper: Shipper;

  constructor(options: ChainServiceOptions) {
    this.#o = options;
    this.#config = readChainConfig(options.dataDir);
    this.#target = this.#targetOf(this.#config);
    this.#shipper = new Shipper({
      db: options.db,
      environment: options.environment,
      target: () => (this.#target === undefined ? (this.#target = this.#targetOf(this.#config)) : this.#target) ?? null,
      counter: options.counter,
      log: options.log,
      pollMs: options.pollMs,
      maxBackoffMs: options.maxBackoffMs,
      now: options.now,
    });
  }

  /** Starts shipping; a journal of this folder not yet linked (another environment's) is linked first. */
  start(): void {
    if (this.#config.server && !isLinked(this.#o.db)) this.#link();
    this.#shipper.start();
  }

  stop(): Promise<void> {
    return this.#shipper.stop();
  }

  /** <store>.<counter>: what every new reference carries. */
  tag(): string {
    return referenceTag(this.#config);
  }

  /** The partner lists a shared account's every order; this counter reconciles its own only. */
  isOtherCountersOrder(description: string | null | undefined): boolean {
    return isOtherCountersOrder(description, this.tag());
  }

  status(): ChainStatus {
    const shipped = this.#shipper.status();
    return {
      state: shipped.state,
      waiting: shipped.waiting,
      lastShippedAt: shipped.lastShippedAt,
      storeId: this.#config.storeId,
      counterId: this.#config.counterId,
      server: this.#config.server ? describeServer(this.#config.server.url) : null,
      environment: this.#o.environment,
      problem: shipped.problem,
      nextAttemptAt: shipped.nextAttemptAt,
    };
  }

  async join(input: JoinInput, manager: StaffSession): Promise<ChainStatus> {
    // The vault a manager's sign-in is still making (a scrypt) must exist before the password goes in.
    await this.#o.secrets.vault?.settled();
    const split = splitConnectionUrl(input.url);
    if (!split) {
      throw new AppFailure('bad_input', 'The head office address must be a postgres:// URL with a user name.', {
        fields: { url: 'invalid' },
      });
    }
    try {
      if (split.password === null) this.#o.secrets.delete(CHAIN_SECRET_KEY);
      else this.#o.secrets.set(CHAIN_SECRET_KEY, split.password);
    } catch (error) {
      this.#o.log('head office: the connection secret could not be saved; nothing was changed', error);
      if (error instanceof SecretsLockedError) throw new AppFailure('secrets_locked', error.message);
      throw new AppFailure('journal_unavailable', (error as Error).message, { reason: 'secret_not_saved' });
    }
    const at = new Date((this.#o.now ?? Date.now)()).toISOString();
    const next: ChainConfig = {
      version: 1,
      storeId: input.storeId,
      counterId: input.counterId,
      server: { url: split.url, joinedAt: at },
    };
    writeChainConfig(this.#o.dataDir, next);
    this.#config = next;
    this.#target = { storeId: next.storeId, counterId: next.counterId, url: input.url.trim() };
    appendAudit(this.#o.db, {
      action: 'chain.joined',
      actorStaffId: manager.staffId,
      details: { storeId: next.storeId, counterId: next.counterId, server: describeServer(split.url) },
    });
    this.#link();
    this.#shipper.kick();
    return this.status();
  }

  #link(): void {
    const { backfilled } = linkJournal(this.#o.db, new Date((this.#o.now ?? Date.now)()).toISOString());
    if (backfilled > 0) this.#o.log(`head office: ${backfilled} rows of this journal are queued for the head office`);
  }

  #targetOf(config: ChainConfig): ShipTarget | null | undefined {
    if (!config.server) return null;
    let password: string | null;
    try {
      password = this.#o.secrets.get(CHAIN_SECRET_KEY);
    } catch (error) {
      if (error instanceof SecretsLockedError) {
        if (this.#target !== undefined) this.#o.log('head office: shipping waits until a manager signs in and opens the secrets');
        return undefined;
      }
      this.#o.log('head office: the connection secret cannot be read; shipping waits until the counter joins again', error);
      return null;
    }
    return {
      storeId: config.storeId,
      counterId: config.counterId,
      url: joinConnectionUrl(config.server.url, password),
    };
  }
}
