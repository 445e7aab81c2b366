/**
 * The staff service's refusals: a code of its own (the handlers map it onto the contract's), the
 * reason, parameters and field problems the renderer words (shared/errors.ts), and English for the
 * command line (`npm run admin`) and the log.
 */
import { AppFailure, type AppError, type ErrorCode, type ErrorDetails, type LockScope } from '../../../shared/errors.ts';
import { PIN_PROBLEM_WORDS, type PinProblem } from '../../../shared/pins.ts';
import { LOCK_AFTER_FAILURES, minutesInWords } from './lockout.ts';

/**
 * `lockedUntil` (ISO) comes with a lock or pause that ends by itself, so the screen can say when;
 * `reason`, `params` and `fields` are what the renderer words (shared/errors.ts); `message` is
 * English, for the command line and the log.
 */
export type Failure<C extends string> = {
  code: C;
  message: string;
  lockedUntil?: string;
  /** The lock holds the only active manager: nobody at the counter can unlock her. */
  lastManager?: boolean;
} & Pick<ErrorDetails, 'reason' | 'params' | 'fields'>;
export type Result<T, C extends string> = { ok: true; value: T } | { ok: false; error: Failure<C> };

export type SignInErrorCode = 'not_found' | 'inactive' | 'locked' | 'bad_pin';
export type ManageErrorCode = 'forbidden' | 'invalid' | 'not_found' | 'name_taken' | 'last_manager';
export type ApprovalErrorCode = 'not_found' | 'not_manager' | 'locked' | 'bad_pin' | 'asker_paused' | 'approver_paused';

type FailureExtra = Omit<Failure<string>, 'code' | 'message'>;

export function fail<C extends string>(code: C, message: string, extra: FailureExtra = {}): { ok: false; error: Failure<C> } {
  return { ok: false, error: { code, message, ...extra } };
}

/** A PIN the rules refuse, on its field. */
export const pinRefused = (problem: PinProblem) =>
  fail('invalid', PIN_PROBLEM_WORDS[problem], { fields: { pin: problem === 'format' ? 'pin_format' : 'pin_too_easy' } });

export const NAME_LENGTH = 'A name is 1 to 80 characters.';
export const ROLE_WORDS = 'The role is clerk or manager.';

/**
 * The backend's fallback words; the screen says the clock time from `lockedUntil` instead. With
 * `lastManager` (her name) there is no manager to ask, so the words name the owner's commands.
 */
export function lockedFailure<C extends string>(
  code: C,
  until: string,
  nowMs: number,
  wrongPinNow: boolean,
  lastManager: string | null = null,
) {
  const left = minutesInWords((Date.parse(until) - nowMs) / 60_000);
  const words = wrongPinNow
    ? `Wrong PIN. ${lastManager ? 'Too many wrong PINs:' : `After ${LOCK_AFTER_FAILURES} wrong PINs`} this account is locked for ${left}.`
    : `Too many wrong PINs: this account is locked for ${left} more.`;
  if (lastManager === null) {
    return fail(code, `${words} A manager can unlock it now.`, { reason: 'account_locked', lockedUntil: until });
  }
  return fail(
    code,
    `${words} No other manager can unlock it: at this computer, with the app stopped, run ` +
      `npm run admin -- unlock --staff "${lastManager}" (or, with a forgotten PIN, ` +
      `npm run admin -- reset-pin --staff "${lastManager}" --recovery-code <the recovery code from setup>).`,
    { reason: 'account_locked', lockedUntil: until, lastManager: true, params: { name: lastManager } },
  );
}

const SIGN_IN_CODES: Record<SignInErrorCode, ErrorCode> = {
  bad_pin: 'wrong_pin',
  locked: 'locked',
  not_found: 'not_found',
  inactive: 'forbidden',
};

const APPROVAL_CODES: Record<ApprovalErrorCode, [ErrorCode, LockScope?]> = {
  bad_pin: ['wrong_pin'],
  not_found: ['not_found'],
  not_manager: ['forbidden'],
  locked: ['locked', 'sign_in'],
  asker_paused: ['locked', 'asking'],
  approver_paused: ['locked', 'approving'],
};

const MANAGE_CODES: Record<ManageErrorCode, ErrorCode> = {
  forbidden: 'forbidden',
  invalid: 'bad_input',
  not_found: 'not_found',
  name_taken: 'conflict',
  last_manager: 'conflict',
};

/** The contract's fields for a lock that ends by itself; none for any other failure. */
function lockFields(
  lockedUntil: string | undefined,
  lockScope: LockScope | undefined,
): Pick<AppError, 'lockedUntil' | 'lockScope'> {
  return lockedUntil && lockScope ? { lockedUntil, lockScope } : {};
}

/** A refused sign-in as the contract's error; a lock on the only manager is a scope of its own. */
export function signInRefused(error: Failure<SignInErrorCode>): AppFailure {
  const { code, message, reason, params, lockedUntil, lastManager } = error;
  const scope = lastManager ? 'sign_in_last_manager' : 'sign_in';
  return new AppFailure(SIGN_IN_CODES[code], message, { reason, params, ...lockFields(lockedUntil, scope) });
}

/** A refused manager's approval, saying whose pause it is: the asker's, the approver's or her sign-in's. */
export function approvalRefused(error: Failure<ApprovalErrorCode>): AppFailure {
  const { code, message, reason, params, lockedUntil } = error;
  const [errorCode, scope] = APPROVAL_CODES[code];
  return new AppFailure(errorCode, message, { reason, params, ...lockFields(lockedUntil, scope) });
}

/** A refused change to the staff list, with the fields the form marks. */
export function manageRefused(error: Failure<ManageErrorCode>): AppFailure {
  const { code, message, reason, params, fields } = error;
  return new AppFailure(MANAGE_CODES[code], message, { reason, params, fields });
}
