/**
 * The audit log as the back office reads it, and its chain as the counter keeps watch on it.
 *
 * A full check of the chain reads every entry, which grows with the journal's age; so each start
 * checks only what was logged since the point the last start verified (kept in the journal), and
 * every close's recorded head. The manager's "Verify" (audit.verify) still reads everything.
 *
 * A break, once found, is logged, entered in the audit log itself (appending continues the broken
 * chain, which leaves the break just as detectable) and kept, so the warning does not go away at
 * the next start: the file must stay as it is for support to look at.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { AppInfo } from '../../shared/contract.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import type { AuditView } from '../../shared/manager.ts';
import {
  appendAudit,
  entryState,
  GENESIS_HASH,
  listAudit,
  verifyChain,
  verifyChainFrom,
  verifiedPointProblem,
  type ChainPoint,
  type ChainResult,
  type VerifyHooks,
} from '../db/audit.ts';
import { closeAuditHeads } from '../db/closes.ts';
import { listStaff } from '../db/staff.ts';
import { defineSetting, getSetting, setSetting, SettingInvalidError } from '../db/settings.ts';

export type AuditChainState = AppInfo['auditChain'];
export type ChainBreak = { readonly brokenAtSeq: number; readonly reason: string };

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Where the last start's check ended: the chain up to here was whole then. */
export const VERIFIED_THROUGH = defineSetting(
  'audit.verifiedThrough',
  z.object({ seq: z.number().int().min(0), hash }).nullable(),
  null,
);

/** The earliest break found so far; it stays until support has looked at the journal. */
export const CHAIN_BROKEN = defineSetting(
  'audit.chainBroken',
  z.object({ brokenAtSeq: z.number().int().min(0), reason: z.string().min(1).max(500), foundAt: z.string() }).nullable(),
  null,
);

type Log = (message: string, error?: unknown) => void;

export type AuditChainWatch = {
  /** What the manager is shown: a break kept in the journal, or how far the chain is known whole. */
  state(): AuditChainState;
};

/**
 * The start's check: the closes' heads, then the chain from the last verified point to the head,
 * which then becomes the verified point. With no point yet (a new journal, or one from before this
 * check existed) that is the whole chain, once.
 */
export function checkAuditChainAtStart(db: Database.Database, options: { log: Log; hooks?: VerifyHooks }): AuditChainWatch {
  const { log, hooks } = options;
  const now = () => new Date().toISOString();
  // Nothing is lost by not trusting an unreadable point: the check then reads the whole chain.
  const from = verifiedPoint(db, (error) => log('the audit log’s verified point is unreadable; checking the whole chain', error));
  let found: ChainBreak | null = checkCloseHeads(db, hooks);
  let through = from ?? { seq: 0, hash: GENESIS_HASH };
  if (!found) {
    const result = verifyChainFrom(db, from, hooks);
    if (result.ok) {
      through = result.head;
      // A start with nothing new logged need not wait for a write of its own.
      if (from?.seq !== result.head.seq) setSetting(db, VERIFIED_THROUGH, result.head, now());
    } else {
      found = result;
    }
  }
  let unrecorded: ChainBreak | null = null;
  if (found) {
    try {
      recordBreak(db, found, { log, check: 'start', at: now() });
    } catch (error) {
      // The warning must reach the manager even when the journal cannot take the record.
      unrecorded = found;
      log('could not record the audit log’s break in the journal', error);
    }
  }
  return {
    state: () => {
      const kept = keptBreak(db) ?? unrecorded;
      if (kept) return { ok: false, brokenAtSeq: kept.brokenAtSeq, reason: kept.reason };
      return { ok: true, verifiedThroughSeq: through.seq };
    },
  };
}

/**
 * The manager's full check: every close's head, the point the last start verified, and every entry
 * from the first. The point matters even then: entries deleted from the end leave a whole chain. A
 * break is recorded.
 */
export function verifyAuditChain(db: Database.Database, options: { log?: Log; hooks?: VerifyHooks } = {}): ChainResult {
  const point = verifiedPoint(db);
  const found = checkCloseHeads(db, options.hooks) ?? (point ? verifiedPointProblem(db, point, options.hooks) : null);
  const result: ChainResult = found
    ? { ok: false, brokenAtSeq: found.brokenAtSeq, reason: found.reason }
    : verifyChain(db, options.hooks);
  if (!result.ok) {
    try {
      recordBreak(db, result, { log: options.log, check: 'full', at: new Date().toISOString() });
    } catch (error) {
      // The manager is shown the break all the same; only its record is missing.
      options.log?.('could not record the audit log’s break in the journal', error);
    }
  }
  return result;
}

/**
 * Every close's recorded head must still be in the chain as it was. One that is gone or hashes
 * differently means entries were deleted or rewritten after that close was made (and its Z report
 * printed); the first such close is reported.
 */
export function checkCloseHeads(db: Database.Database, hooks?: VerifyHooks): ChainBreak | null {
  for (const head of closeAuditHeads(db)) {
    const state = entryState(db, head, hooks);
    if (state === 'intact') continue;
    const close = head.sequence === 1 ? `the close of ${head.date}` : `supplementary close ${head.sequence} of ${head.date}`;
    return {
      brokenAtSeq: head.seq,
      reason:
        state === 'missing'
          ? `entry ${head.seq}, which ${close} recorded, is missing: entries were deleted since that close was made`
          : `entry ${head.seq} no longer matches the hash ${close} recorded: entries were rewritten since that close was made`,
    };
  }
  return null;
}

/**
 * Logs a break and, when it is the earliest found, enters it in the audit log and keeps it. The log
 * is untrustworthy from the earliest break on, so one found at or after it (the same one, found
 * again at every start until support has seen the file) is not entered again.
 */
function recordBreak(
  db: Database.Database,
  found: ChainBreak,
  options: { log: Log | undefined; check: 'start' | 'full'; at: string },
): void {
  options.log?.(`The audit log was altered at entry ${found.brokenAtSeq}: ${found.reason}`);
  const kept = keptBreak(db);
  if (kept && kept.brokenAtSeq <= found.brokenAtSeq) return;
  db.transaction(() => {
    appendAudit(db, {
      action: 'audit.chain_broken',
      details: { atEntry: found.brokenAtSeq, reason: found.reason, check: options.check },
      at: options.at,
    });
    setSetting(db, CHAIN_BROKEN, { brokenAtSeq: found.brokenAtSeq, reason: found.reason, foundAt: options.at }, options.at);
  })();
}

function verifiedPoint(db: Database.Database, onUnreadable?: (error: unknown) => void): ChainPoint | null {
  try {
    return getSetting(db, VERIFIED_THROUGH);
  } catch (error) {
    if (!(error instanceof SettingInvalidError)) throw error;
    onUnreadable?.(error);
    return null;
  }
}

/** The break kept in the journal. One made unreadable counts as none, as if deleted: the chain's own check still stands. */
function keptBreak(db: Database.Database): ChainBreak | null {
  try {
    return getSetting(db, CHAIN_BROKEN);
  } catch (error) {
    if (error instanceof SettingInvalidError) return null;
    throw error;
  }
}

export type AuditQuery = {
  readonly limit: number;
  readonly beforeSeq?: number;
  readonly subject?: string;
  /** An action or the start of one (`sale.` for every sale's entries). */
  readonly action?: string;
  readonly staffId?: string;
};

/** The manager's view of the log, newest first; each actor named as they are called now, gone or not. */
export function auditEntries(db: Database.Database, query: AuditQuery): AuditView[] {
  const names = new Map(listStaff(db, { includeInactive: true }).map((s) => [s.id, s.name]));
  const { limit, beforeSeq, subject, action, staffId } = query;
  return listAudit(db, { limit, beforeSeq, subject, actionPrefix: action, actorStaffId: staffId }).map((e) => ({
    seq: e.seq,
    at: e.at,
    actorStaffId: e.actorStaffId,
    actorName: e.actorStaffId ? (names.get(e.actorStaffId) ?? null) : null,
    action: e.action,
    subject: e.subject,
    details: e.details,
  }));
}

/** A call the dispatcher refused (wrong role, no session), entered whatever the input was. */
export function recordRefusedCall(
  db: Database.Database,
  call: { readonly method: string; readonly code: ErrorCode; readonly staffId: string | null; readonly at: string },
): void {
  appendAudit(db, {
    action: 'rpc.refused',
    actorStaffId: call.staffId,
    subject: call.method,
    details: { code: call.code },
    at: call.at,
  });
}
