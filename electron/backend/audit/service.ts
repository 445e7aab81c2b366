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
import type { AppInfo } from '../../../shared/contract.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import type { AuditView } from '../../../shared/manager.ts';
import { appendAudit, listAudit, type ChainResult, type VerifyHooks } from './db.ts';
import { anchorAtHead, anchorReadOf, holdAnchor } from './db-anchor.ts';
import { CHAIN_BROKEN, checkAuditLog, keptBreak, VERIFIED_THROUGH, verifiedPoint, type ChainBreak } from './db-check.ts';
import { listStaff } from '../staff/db.ts';
import { setSetting } from '../settings/db.ts';

export { CHAIN_BROKEN, checkCloseHeads, VERIFIED_THROUGH, type ChainBreak } from './db-check.ts';

export type AuditChainState = AppInfo['auditChain'];

type Log = (message: string, error?: unknown) => void;

export type AuditChainWatch = {
  /** What the manager is shown: a break kept in the journal, or how far the chain is known whole. */
  state(): AuditChainState;
};

/**
 * The start's check (checkAuditLog from the last verified point), whose head then becomes the
 * verified point and the anchor. With no point yet (a new journal, or one from before this check
 * existed) that is the whole chain, once.
 */
export function checkAuditChainAtStart(db: Database.Database, options: { log: Log; hooks?: VerifyHooks }): AuditChainWatch {
  const { log, hooks } = options;
  const now = () => new Date().toISOString();
  const anchor = anchorReadOf(db);
  const result = checkAuditLog(db, {
    full: false,
    anchor,
    hooks,
    onUnreadablePoint: (error) => log('the audit log’s verified point is unreadable; checking the whole chain', error),
  });
  let through = { seq: 0 };
  let unrecorded: ChainBreak | null = null;
  if (result.ok) {
    through = result.head;
    // A start with nothing new logged need not wait for a write of its own.
    if (verifiedPoint(db)?.seq !== result.head.seq) setSetting(db, VERIFIED_THROUGH, result.head, now());
  }
  // A journal from before the anchor existed gets one now, at the head it has, whole or not.
  if (anchor.state === 'none') anchorAtHead(db);
  if (!result.ok || keptBreak(db)) holdAnchor(db, true);
  else anchorAtHead(db);
  if (!result.ok) {
    try {
      recordBreak(db, result, { log, check: 'start', at: now() });
    } catch (error) {
      // The warning must reach the manager even when the journal cannot take the record.
      unrecorded = result;
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
 * The manager's full check (checkAuditLog from the first entry, or the last re-anchoring). The
 * verified point matters even then: entries deleted from the end leave a whole chain. A break is
 * recorded, and holds the anchor where it is.
 */
export function verifyAuditChain(db: Database.Database, options: { log?: Log; hooks?: VerifyHooks } = {}): ChainResult {
  const result = checkAuditLog(db, { full: true, anchor: anchorReadOf(db), hooks: options.hooks });
  if (result.ok) return { ok: true, count: result.count };
  holdAnchor(db, true);
  try {
    recordBreak(db, result, { log: options.log, check: 'full', at: new Date().toISOString() });
  } catch (error) {
    // The manager is shown the break all the same; only its record is missing.
    options.log?.('could not record the audit log’s break in the journal', error);
  }
  return { ok: false, brokenAtSeq: result.brokenAtSeq, reason: result.reason };
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
