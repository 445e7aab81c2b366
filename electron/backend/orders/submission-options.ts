/**
 * What a sale's or a top-up's SubmissionMachine (submission.ts) is given, and the columns of a row
 * the machine has not touched yet.
 */
import type Database from 'better-sqlite3';
import type { SaleStatus } from '../../../shared/sales.ts';
import type { OrderState, OrderTable } from './db.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { Accepted, Found, Outcome } from './outcome.ts';

export type MachineOptions = {
  readonly db: Database.Database;
  readonly table: OrderTable;
  /** Prefix of the audit actions: 'sale' → sale.completed, 'topup' → topup.completed. */
  readonly noun: 'sale' | 'topup';
  readonly partner: PartnerClient;
  readonly now: () => number;
  /** How long after sending a lookup that finds nothing is believed. */
  readonly settleMs: number;
  /**
   * How long after sending a `submitting` row can no longer have a request running (default: the
   * partner client's order timeout and 5 s): past it, a lost answer is looked up like an uncertain one.
   */
  readonly requestDeadlineMs?: number;
  /** Sends the row's order to the partner service: its answer, or that it accepted it for later. */
  readonly send: (id: string) => Promise<Outcome | Accepted>;
  /** Keeps what an accepted asynchronous order's answer says, in the transaction that records it. */
  readonly accepted?: (id: string, accepted: Accepted, at: string) => void;
  /** How long after sending this row a look-up that finds nothing is believed (default settleMs). */
  readonly settleMsOf?: (id: string) => number;
  /** Looks the row's reference up at the service (default lookUpByReference). */
  readonly lookUp?: (row: OrderState) => Promise<Found>;
  /**
   * Before a row is sent again: an order the service made for it meanwhile (a late asynchronous
   * one), adopted instead of sending a second. Nothing found: null.
   */
  readonly beforeResend?: (row: OrderState) => Promise<Outcome | null>;
  /** Stores what the order brought (eSIMs), inside the completing transaction. */
  readonly record: (id: string, outcome: Outcome, at: string) => void;
  readonly onChange?: (id: string, status: SaleStatus) => void;
  /**
   * A write the journal refused after the request may have left (a full disk): the machine keeps
   * it to make again and answers the clerk with the row as it stands; this pauses sales meanwhile.
   */
  readonly journalFailed?: (error: unknown, context: string) => void;
  readonly log?: (message: string, error?: unknown) => void;
};

/** The status-machine columns of a row that has just been written, before anything was sent. */
export function freshOrderColumns(at: string) {
  return {
    status: 'pending' as const,
    partnerOrderId: null,
    partnerOrderCode: null,
    failureCode: null,
    failureReason: null,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    submittedAt: null,
    completedAt: null,
  };
}
