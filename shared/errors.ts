/**
 * The closed set of error codes that cross from the backend to the renderer. The renderer maps each
 * code to words in one place (renderer/src/errors.ts); the backend's `message` is a fallback.
 */
export const ERROR_CODES = [
  'not_connected', // browser mode: the caller does not hold this launch's secret
  'bad_input', // the input failed its schema; `fields` says which
  'unknown_method', // no such contract method
  'signed_out', // the method needs a signed-in staff member
  'forbidden', // signed in, but the role is not enough
  'not_found',
  'wrong_pin', // the PIN did not match; the message says how many tries are left
  'locked', // wrong PINs locked an account or paused approvals (`lockedUntil` says until when), or the counter is idle-locked
  'conflict', // the request clashes with the current state (e.g. a sale already finished)
  'rate_limited', // the partner service asked us to wait; `retryAfterSeconds` says how long
  'partner_rejected', // the partner service refused the request (validation or business rule)
  'partner_auth', // the partner credentials were refused
  'service_unreachable', // nothing reached the partner service (safe to try again)
  'partner_error', // the partner service failed or answered something we cannot read
  'outcome_uncertain', // a request may have been carried out; it is being checked, never re-sent blindly
  'journal_unavailable', // the local journal cannot be written or is damaged
  'low_balance', // the shop's credit with the partner is below the floor a manager set: sales are stopped
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type AppError = {
  readonly code: ErrorCode;
  readonly message: string;
  /** Field name → message, for `bad_input` and partner validation failures. */
  readonly fields?: Readonly<Record<string, string>>;
  readonly retryAfterSeconds?: number;
  /** The partner service's business code (e.g. 34 out of stock), when it gave one. */
  readonly partnerCode?: number;
  /** `locked` by wrong PINs: when it ends by itself (ISO-8601 UTC); a manager can end it sooner. */
  readonly lockedUntil?: string;
  /** `locked` by wrong PINs: what is held. See LockScope. */
  readonly lockScope?: LockScope;
};

/**
 * What wrong PINs have paused: `sign_in` the account's sign-in; `asking` the caller's asking for
 * a manager's approval; `approving` approvals naming that manager (who can still sign in).
 */
export type LockScope = 'sign_in' | 'asking' | 'approving';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}): Result<never> => ({
  ok: false,
  error: { code, message, ...extra },
});

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Thrown by services for an expected failure; the dispatcher turns it into a Result. */
export class AppFailure extends Error {
  readonly error: AppError;
  constructor(code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}) {
    super(message);
    this.name = 'AppFailure';
    this.error = { code, message, ...extra };
  }

  /** An AppError worded elsewhere (failures.ts), thrown as an expected failure. */
  static from({ code, message, ...extra }: AppError): AppFailure {
    return new AppFailure(code, message, extra);
  }
}
