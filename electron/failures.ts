/**
 * Every expected failure in one place, as the contract's error data: what the partner service can
 * do to a call (unreachable, refusing, asking to wait, failing) and what the disk can do to the
 * journal (full, read-only, failing). Whatever a service did not word itself is worded here, so no
 * expected failure reaches the counter as `internal`.
 */
import Database from 'better-sqlite3';
import type { AppError } from '../shared/errors.ts';
import { PartnerError } from './partner/errors.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from './partner/retry-after.ts';

/**
 * SQLite's answers that mean the journal cannot be written or read now, whatever the statement:
 * the disk is full, the file went read-only or away, the drive fails, another process holds it.
 * A constraint or SQL error is a fault of ours and stays `internal`.
 */
const JOURNAL_CODES = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|BUSY|LOCKED|PERM|NOLFS|NOMEM)(_|$)/;

export function isJournalFailure(error: unknown): error is InstanceType<typeof Database.SqliteError> {
  return error instanceof Database.SqliteError && JOURNAL_CODES.test(error.code);
}

/** What the counter is told about a failure nobody worded on the way up; null for a real fault. */
export function expectedFailure(error: unknown, about = ''): AppError | null {
  if (error instanceof PartnerError) return partnerFailure(error, about);
  if (isJournalFailure(error)) return journalUnavailable(error.code);
  return null;
}

/** The journal could not be written, for SQLite's `code` (a full disk is said as such). */
export function journalUnavailable(code: string): AppError & { code: 'journal_unavailable' } {
  return {
    code: 'journal_unavailable',
    message: code.startsWith('SQLITE_FULL')
      ? 'The disk is full, so the sales journal cannot be written. Sales are stopped until space is freed; call the manager.'
      : 'The sales journal cannot be written. Sales are stopped; call the manager.',
  };
}

/**
 * A partner failure as the counter's error. `about` names what was asked for ("the catalogue"),
 * for words that say which part of the screen could not be filled.
 */
export function partnerFailure(error: PartnerError, about = ''): AppError {
  const what = about ? ` for ${about}` : '';
  switch (error.kind) {
    case 'network_before_send':
    case 'network_after_send':
      return {
        code: 'service_unreachable',
        message: `The eSIM service cannot be reached${what}. Check the internet connection; the counter tries again by itself.`,
      };
    case 'rate_limited':
      return {
        code: 'rate_limited',
        message: 'The eSIM service asked us to wait before asking again.',
        retryAfterSeconds: clampRetryAfterSeconds(error.details.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_SECONDS),
      };
    case 'auth':
      return {
        code: 'partner_auth',
        message: 'The eSIM service refused the shop’s credentials. A manager must check them in Settings.',
      };
    case 'not_found':
      return { code: 'not_found', message: 'The eSIM service does not know it.' };
    case 'validation':
    case 'business':
      return {
        code: 'partner_rejected',
        message: error.message,
        ...(error.details.fields ? { fields: error.details.fields } : {}),
        ...(error.details.businessCode !== undefined ? { partnerCode: error.details.businessCode } : {}),
      };
    case 'server':
    case 'malformed_response':
      return {
        code: 'partner_error',
        message: `The eSIM service had a problem${what}. Try again in a minute.`,
      };
  }
}
