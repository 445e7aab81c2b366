/**
 * The one check of a journal's audit log, for the start, the manager's Verify and
 * `npm run admin -- verify` alike, so that none of them calls whole what another finds broken.
 *
 * What it reads: every close's recorded head (printed on its Z report), the point the last start
 * verified, the chain itself — from that point at a start, from the first entry (or the last
 * re-anchoring) in a full check — and then the anchor outside the journal, whose entry must still
 * be there as it was: else entries were cut from the end, which leaves a chain that checks out.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { auditHead, entryState, verifiedPointProblem, verifyChainFrom, type ChainPoint, type VerifyHooks } from './db.ts';
import type { AnchorRead } from './db-anchor.ts';
import { closeAuditHeads } from '../till/db-closes.ts';
import { defineSetting, getSetting, SettingInvalidError } from '../settings/db.ts';
import { statement } from '../journal/statements.ts';

export type ChainBreak = { readonly brokenAtSeq: number; readonly reason: string };
export type AuditCheck = { ok: true; count: number; head: ChainPoint } | ({ ok: false } & ChainBreak);

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Where the last start's check ended: the chain up to here was whole then. */
export const VERIFIED_THROUGH = defineSetting(
  'audit.verifiedThrough',
  z.object({ seq: z.number().int().min(0), hash }).nullable(),
  null,
);

/** The earliest break found so far; it stays until support has looked at the journal, or the owner re-anchors. */
export const CHAIN_BROKEN = defineSetting(
  'audit.chainBroken',
  z.object({ brokenAtSeq: z.number().int().min(0), reason: z.string().min(1).max(500), foundAt: z.string() }).nullable(),
  null,
);

/** The entry the owner re-anchored the log at: the log vouches for what follows it. */
export const REANCHORED = 'audit.reanchored';

export type AuditCheckOptions = {
  /** Every entry from the first (or the re-anchoring), not only those since the last start. */
  readonly full: boolean;
  readonly anchor: AnchorRead;
  readonly hooks?: VerifyHooks;
  readonly onUnreadablePoint?: (error: unknown) => void;
};

export function checkAuditLog(db: Database.Database, options: AuditCheckOptions): AuditCheck {
  const { hooks } = options;
  const base = reanchorPoint(db);
  const since = (point: ChainPoint | null): point is ChainPoint => point !== null && point.seq >= (base?.seq ?? 0);
  const found =
    checkCloseHeads(db, { since: base?.seq ?? 0, hooks }) ?? (options.full ? pointProblem(db, options, since, hooks) : null);
  if (found) return { ok: false, ...found };
  const verified = verifiedPoint(db, options.onUnreadablePoint);
  const from = !options.full && since(verified) ? verified : base;
  const result = verifyChainFrom(db, from, hooks);
  if (!result.ok) return { ok: false, brokenAtSeq: result.brokenAtSeq, reason: result.reason };
  // Last: a chain that checks out to its head may still have lost entries after it.
  const cut = anchorProblem(db, options.anchor, base, hooks);
  return cut ? { ok: false, ...cut } : result;
}

/**
 * Every close's recorded head (from the re-anchoring on) must still be in the chain as it was. One
 * that is gone or hashes differently means entries were deleted or rewritten after that close was
 * made (and its Z report printed); the first such close is reported.
 */
export function checkCloseHeads(db: Database.Database, options: { since?: number; hooks?: VerifyHooks } = {}): ChainBreak | null {
  for (const head of closeAuditHeads(db)) {
    if (head.seq < (options.since ?? 0)) continue;
    const state = entryState(db, head, options.hooks);
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

/** The newest re-anchoring, or null when the log was never re-anchored. */
export function reanchorPoint(db: Database.Database): ChainPoint | null {
  return (
    (statement(db, 'SELECT seq, hash FROM audit_log WHERE action = ? ORDER BY seq DESC LIMIT 1').get(REANCHORED) as
      ChainPoint | undefined) ?? null
  );
}

export function verifiedPoint(db: Database.Database, onUnreadable?: (error: unknown) => void): ChainPoint | null {
  try {
    return getSetting(db, VERIFIED_THROUGH);
  } catch (error) {
    if (!(error instanceof SettingInvalidError)) throw error;
    // Nothing is lost by not trusting an unreadable point: the check then reads the whole chain.
    onUnreadable?.(error);
    return null;
  }
}

/** The break kept in the journal (one before the last re-anchoring is settled). One made unreadable counts as none. */
export function keptBreak(db: Database.Database): ChainBreak | null {
  let kept: ChainBreak | null;
  try {
    kept = getSetting(db, CHAIN_BROKEN);
  } catch (error) {
    if (error instanceof SettingInvalidError) return null;
    throw error;
  }
  return kept && kept.brokenAtSeq >= (reanchorPoint(db)?.seq ?? 0) ? kept : null;
}

/**
 * The anchor's entry must be in the journal as the anchor names it. One before the last
 * re-anchoring is not looked at: the owner settled everything up to there.
 */
function anchorProblem(
  db: Database.Database,
  anchor: AnchorRead,
  base: ChainPoint | null,
  hooks: VerifyHooks | undefined,
): ChainBreak | null {
  if (anchor.state === 'none') return null;
  if (anchor.state === 'unreadable') {
    return {
      brokenAtSeq: auditHead(db)?.seq ?? 0,
      reason: `the audit log's anchor outside the journal cannot be read (${anchor.problem}), so a cut at the end cannot be ruled out`,
    };
  }
  const { head } = anchor;
  if (head.seq === 0 || (base && head.seq < base.seq)) return null;
  const state = entryState(db, head, hooks);
  if (state === 'missing') {
    return {
      brokenAtSeq: head.seq,
      reason: `entry ${head.seq}, the last the anchor outside the journal recorded, is missing: entries were deleted from the end of the log`,
    };
  }
  if (state === 'changed') {
    return {
      brokenAtSeq: head.seq,
      reason: `entry ${head.seq} is not the one the anchor outside the journal recorded: entries were deleted from the end or rewritten`,
    };
  }
  return null;
}

/** The point the last start verified must still be as it was: entries deleted from the end leave a whole chain. */
function pointProblem(
  db: Database.Database,
  options: AuditCheckOptions,
  since: (point: ChainPoint | null) => point is ChainPoint,
  hooks: VerifyHooks | undefined,
): ChainBreak | null {
  const point = verifiedPoint(db, options.onUnreadablePoint);
  return since(point) ? verifiedPointProblem(db, point, hooks) : null;
}
