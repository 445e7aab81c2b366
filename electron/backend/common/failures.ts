/**
 * Every expected failure in one place, as the contract's error data: what the partner service can
 * do to a call (unreachable, refusing, asking to wait, failing) and what the disk can do to the
 * journal (full, read-only, failing). Whatever a service did not word itself is worded here, so no
 * expected failure reaches the counter as `internal`.
 */
import { AppFailure, type AppError, type ErrorDetails, type ErrorParams, type ErrorReason } from '../../../shared/errors.ts';
import type { IccidResult } from '../../../shared/iccid.ts';
import { PartnerError } from '../partner/errors.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from '../partner/retry-after.ts';
import { orderRefusal } from '../partner/refusals.ts';
import { isJournalFailure } from '../journal/errors.ts';

/** What the counter is told about a failure nobody worded on the way up; null for a real fault. */
export function expectedFailure(error: unknown, about = ''): AppError | null {
  if (error instanceof PartnerError) return partnerFailure(error, about);
  if (isJournalFailure(error)) return journalUnavailable(error.code);
  return null;
}

/** The journal could not be written, for SQLite's `code` (a full disk is said as such). */
export function journalUnavailable(code: string): AppError & { code: 'journal_unavailable' } {
  if (code.startsWith('SQLITE_FULL')) {
    return {
      code: 'journal_unavailable',
      reason: 'disk_full',
      message:
        'The disk is full, so the sales journal cannot be written. Sales are stopped until space is freed; call the manager.',
    };
  }
  return { code: 'journal_unavailable', message: 'The sales journal cannot be written. Sales are stopped; call the manager.' };
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
      return { code: 'not_found', reason: 'partner_unknown', message: 'The eSIM service does not know it.' };
    case 'validation':
    case 'business':
      return {
        code: 'partner_rejected',
        reason: refusalReason(error),
        message: error.message,
        partnerMessage: error.message,
        ...(error.details.fields ? { partnerFields: error.details.fields } : {}),
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

/** A refusal the counter has a name for (sold out, low credit…), else the plain refusal. */
function refusalReason(error: PartnerError): ErrorReason {
  const code = orderRefusal(error);
  switch (code) {
    case 'sold_out':
    case 'low_credit':
    case 'maintenance':
    case 'topup_disabled':
    case 'recycled':
      return code;
    default:
      return 'partner_refused';
  }
}

/**
 * A number that is not an ICCID, refused on its field with the rule it breaks and what that
 * rule's words quote (the character, the length, the first digits); the rule's English words are
 * the message, for the log.
 */
export function iccidRefused(result: Extract<IccidResult, { ok: false }>, field = 'iccid', extra: ErrorDetails = {}): AppFailure {
  const params = Object.fromEntries(Object.entries(result.params).filter(([, value]) => value !== undefined)) as ErrorParams;
  return new AppFailure('bad_input', result.reason, {
    ...extra,
    fields: { [field]: `iccid_${result.problem}` },
    ...(Object.keys(params).length > 0 ? { fieldParams: { [field]: params } } : {}),
  });
}
