import type { AppError, ErrorCode, LockScope } from '../../shared/errors.ts';
import type { OrderFailureCode } from '../../shared/sales.ts';
import { clockOrDate } from '../../shared/clock.ts';
import { storeTimeZone } from './clock.ts';
import type { IccidResult } from '../../shared/iccid.ts';
import type { PinProblem } from '../../shared/pins.ts';
import { i18n } from './i18n/i18n.ts';

/** Every error code in words a clerk can act on: what happened and what to do next. */
const WORDS: Record<ErrorCode, string> = {
  not_connected: 'This window is not connected to the counter. Open the address printed when the app started.',
  bad_input: 'Please check what you entered.',
  unknown_method: 'This version of the screen does not match the app. Reload the page.',
  signed_out: 'Sign in with your PIN to continue.',
  forbidden: 'Only a store manager can do this. Ask a manager to sign in.',
  not_found: 'Nothing was found.',
  wrong_pin: 'That PIN is not right. Try again.',
  locked: 'This account is locked. A manager can unlock it.',
  conflict: 'This was changed in the meantime. Look at it again before you continue.',
  rate_limited: 'The eSIM service asked us to wait. Try again in a moment.',
  partner_rejected: 'The eSIM service refused this request.',
  partner_auth: 'The eSIM service refused the shop’s credentials. A manager should check the settings.',
  service_unreachable: 'The eSIM service cannot be reached. Check the internet connection and try again.',
  partner_error: 'The eSIM service had a problem. Try again in a minute.',
  outcome_uncertain: 'We are checking with the eSIM service whether this went through. Do not sell it again.',
  journal_unavailable: 'The sales journal cannot be written. Sales are stopped; call the manager.',
  low_balance: 'The shop’s credit with the eSIM service is too low to sell. A manager must top up the account.',
  internal: 'Something went wrong inside the app. Try again; if it repeats, restart the app.',
};

/** The backend's message when it is specific, the generic words otherwise. */
export function describeError(error: AppError): string {
  if (error.code === 'rate_limited' && error.retryAfterSeconds) {
    return `The eSIM service asked us to wait ${formatWait(error.retryAfterSeconds)}. Try again then.`;
  }
  if (error.code === 'locked' && error.lockedUntil) return lockWords(error.lockedUntil, error.lockScope);
  return error.message || WORDS[error.code];
}

/**
 * Wrong PINs' locks end by themselves: say when, on the store's clock (the backend sends no words
 * for the screen), and that a manager can end them sooner.
 */
function lockWords(until: string, scope: LockScope | undefined): string {
  const at = clockOrDate(until, storeTimeZone());
  switch (scope) {
    case 'asking':
      return `Too many wrong manager’s PINs. You can ask for an approval again after ${at}, or a manager can unlock you now.`;
    case 'approving':
      return `Too many wrong PINs for this manager’s approval: approvals by this manager are paused until ${at}. Another manager can approve; this one can still sign in.`;
    default:
      return `Too many wrong PINs. Try again after ${at}, or ask a manager to unlock it now.`;
  }
}

export function genericWords(code: ErrorCode): string {
  return WORDS[code];
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * A failed sale in the clerk's words. The backend's reason is the service's own text (kept below
 * it on screen); the partner's business codes that a counter meets get a sentence that says what
 * happened. What to do next is the buttons' job, so it is not said here again. Codes as in the
 * partner's documentation (see electron/sandbox/README.md).
 */
const SALE_FAILURE_WORDS: Partial<Record<OrderFailureCode, string>> = {
  sold_out: 'This package is sold out right now.',
  low_credit: 'Sales are paused: the shop’s eSIM account needs topping up. Ask a manager.',
  maintenance: 'The eSIM service is in maintenance. Try again in a few minutes.',
  topup_disabled: 'Top-ups are switched off for this eSIM’s package. Sell the customer a new eSIM instead.',
  recycled: 'This eSIM has been recycled: it can no longer be used or topped up. Sell the customer a new eSIM.',
};

/**
 * The service's text is not shown for these: it says nothing more than the words (sold out), or
 * it names the shop's credit and the wholesale cost, which are the manager's (Settings, Audit log).
 */
const REASON_HIDDEN: ReadonlySet<OrderFailureCode> = new Set(['sold_out', 'low_credit']);

export type SaleFailureWords = { words: string; detail: string | null; soldOut: boolean };

export function describeSaleFailure(failure: { code: OrderFailureCode | null; reason: string } | null): SaleFailureWords {
  if (!failure) return { words: 'The eSIM service did not issue the eSIM.', detail: null, soldOut: false };
  const code = failure.code;
  const words = code ? SALE_FAILURE_WORDS[code] : undefined;
  const soldOut = code === 'sold_out';
  if (!words) return { words: failure.reason, detail: null, soldOut };
  return { words, detail: code && REASON_HIDDEN.has(code) ? null : failure.reason, soldOut };
}

/** Why a typed or scanned number is not an ICCID, in the clerk's language. */
export function iccidProblemWords(result: Extract<IccidResult, { ok: false }>): string {
  return i18n.t(`errors:iccid.${result.problem}`, result.params);
}

/** Why a PIN cannot be used, or that the two typed differ, in the reader's language. */
export function pinProblemWords(problem: PinProblem | 'mismatch'): string {
  return i18n.t(`errors:pin.${problem}`);
}
