/**
 * A chain of stores: the counter's ids and its head office's status, as the contract carries them
 * (chain.join, chain.status).
 */
import type { Environment } from './contract.ts';

/** Letters, digits and inner hyphens, 1 to 24: fits a reference, a PostgreSQL role name and a URL. */
export const CHAIN_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,22}[A-Za-z0-9])?$/;

/**
 * not_joined: no head office; in_sync: nothing waits; sending: rows wait and the last try went
 * through; offline: the head office does not answer (tried again, waiting longer each time);
 * refused: it answered no (a wrong password, no right to write): the manager must join again.
 */
export const CHAIN_STATES = ['not_joined', 'in_sync', 'sending', 'offline', 'refused'] as const;
export type ChainState = (typeof CHAIN_STATES)[number];

export type ChainStatus = {
  readonly state: ChainState;
  /** Outbox rows the head office does not have yet. */
  readonly waiting: number;
  readonly lastShippedAt: string | null;
  readonly storeId: string;
  readonly counterId: string;
  /** host:port/database of the head office, never its password; null before joining. */
  readonly server: string | null;
  /** The journal shipping now: every row the head office gets says which. */
  readonly environment: Environment;
  /** The last failure's code (PostgreSQL's SQLSTATE or the network's), for the log and support. */
  readonly problem: string | null;
  readonly nextAttemptAt: string | null;
};
