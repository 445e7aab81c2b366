/**
 * The closed sets that cross from the backend to the renderer when a call fails: a code (what kind
 * of failure), a reason (which one, finer), the parameters the words quote, and per field a problem.
 * The renderer words every one of them in the reader's language (renderer/src/errors.ts, the
 * `errors` namespace); the backend's `message` is English for the log and for API callers, and is
 * never shown on a screen.
 */
export const ERROR_CODES = [
  'not_connected', // browser mode: the caller does not hold this launch's secret
  'bad_input', // the input failed its schema; `fields` says which
  'unknown_method', // no such contract method
  'signed_out', // the method needs a signed-in staff member
  'forbidden', // signed in, but the role is not enough
  'not_found',
  'wrong_pin', // the PIN did not match; `params.count` says how many tries are left
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
  'secrets_locked', // the partner secret is sealed under the managers' PINs and no manager has signed in since the start
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes whose words say everything a clerk can act on, so a failure with one of them needs no
 * reason. Every other failure the backend raises names its reason (a source scan holds to it:
 * test/unit/electron/backend/common/failure-reasons.test.ts); `bad_input` may instead name its fields' problems.
 */
export const SELF_EXPLAINING_CODES: readonly ErrorCode[] = [
  'not_connected',
  'unknown_method',
  'signed_out',
  'rate_limited',
  'partner_auth',
  'service_unreachable',
  'partner_error',
  'outcome_uncertain',
  'journal_unavailable',
  'low_balance',
  'secrets_locked',
  'internal',
];

/** Which failure it was, finer than the code; the comment says what `params` it brings. */
export const ERROR_REASONS = [
  // Who may do what
  'display_cannot', // the customer display asked for a staff method
  'manager_only',
  'already_set_up', // first-run setup, but staff are on file
  'first_must_be_manager',
  'staff_not_listed', // signing in with a name no longer on the list
  'staff_not_found',
  'account_off', // switched off by a manager
  'account_locked', // wrong PINs locked the account (`lockedUntil` says until when)
  'pin_tries_left', // { count }
  'approval_tries_left', // { count }
  'sign_in_again', // asking for an approval with no one signed in
  'manager_not_listed', // the approving manager is gone
  'approver_not_manager',
  'approver_locked',
  'asker_paused',
  'approver_paused',
  'name_taken', // { name }
  'last_manager',
  'last_manager_role', // { name }
  'not_json', // browser mode: the request body is not JSON
  'request_too_large',
  'foreign_site', // browser mode: a request from another site or address
  'app_not_running', // the renderer could not reach its backend
  'app_bad_answer', // { status }: the backend answered something that is not a result
  // Sales and top-ups
  'package_no_longer_offered',
  'package_not_for_country', // { country } (ISO code)
  'sheet_link_missing', // the service gives no such link (terms, product sheet PDF) for the package
  'sale_not_found',
  'topup_not_found',
  'basket_not_found',
  'basket_differs', // the basket's id was already taken with other lines or another payment
  'offline_sales_off', // a sale taken offline while a manager has not allowed them
  'service_answers', // a sale taken offline while the service answers: sell as usual
  'offline_over_sale_cap', // { max }: one offline sale may come to at most this
  'offline_over_total_cap', // { room }: the sales waiting may come to at most the manager's cap; this much is left
  'offline_sale_differs', // the offline sale's id was already taken for another package or e-mail
  'offline_expired', // a sale taken offline whose time ran out (or was refused) is refunded, never sent again
  'sale_not_retryable',
  'topup_not_retryable',
  'sale_finished_elsewhere',
  'topup_finished_elsewhere',
  'sale_voided',
  'sale_already_voided',
  'only_not_issued_can_be_voided',
  'sale_not_completed', // a QR code asked for a sale that is not completed
  'topup_not_completed',
  'reveal_needs_approval',
  'drawer_cash_only', // the cash drawer opens for a completed cash sale or top-up only
  'topup_no_longer_offered',
  'iccid_check_digit',
  'esim_unknown', // { iccid }
  'esim_unknown_topup', // { iccid }
  'refund_iccid_invalid', // { iccid } as typed
  // The partner service's refusals (ORDER_FAILURE_CODES where they have a name)
  'partner_unknown', // the service does not know what was asked for
  'partner_refused',
  'sold_out',
  'low_credit',
  'maintenance',
  'topup_disabled',
  'recycled',
  // The journal, the secrets, the day close
  'disk_full',
  'secret_not_saved',
  'secret_for_other_environment', // { environment }: with no keychain, it is saved on that environment's own counter
  'close_sales_unsettled', // { count }
  'close_offline_open', // { count, references }: sales taken offline still waiting, being placed, or to refund
  'day_already_closed', // { day } (YYYY-MM-DD)
  'close_takings_changed',
  'cash_count_mismatch', // { currency }: the notes and coins counted do not add up to the cash counted
  // Refunds from a sale
  'refund_not_of_sale', // { iccid }: not one of the sale's eSIMs
  'refund_already_refunded', // { iccid }
  'refund_in_review', // { iccid }: a request for it, or another eSIM of its sale, is still with the service
  'refund_sale_not_completed',
  // Vouchers, e-mail and brand
  'voucher_batch_not_found',
  'voucher_batch_not_completed', // gift cards asked for codes the service has not made
  'brand_not_listed', // { brand }: not one of the store's brands (Settings)
  'brand_unknown', // { brand }: the eSIM service does not know it
  'store_email_not_set', // a copy to the store asked for, with no store address set
  'send_again_not_offered', // the service has no sharing page for this eSIM
  'esim_not_sold_here', // { iccid }
  // Group and future orders
  'sale_not_group', // a group order's id names a sale made at the counter
  'future_order_not_found',
  'future_due_too_soon', // { at } (ISO-8601): the earliest due time the service takes
  'future_due_too_late', // { at } (ISO-8601): the latest due time the service takes
  'future_not_cancellable', // made, cancelled, failed or still being sent: nothing to cancel
  'future_cancel_too_late', // { at } (ISO-8601): the last moment to cancel has passed
  'future_already_made', // the service has made it already
  // Demo's example sales
  'examples_demo_only',
  'examples_not_offered', // the journal has sales from before today
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/**
 * What is wrong with one field, as the schemas (shared/contract.ts, shared/settings.ts) and the
 * services name it. Zod's own issues are mapped onto the generic ones (electron/backend/rpc.ts), with the
 * limit in `fieldParams` ({ min } or { max }); `iccid_*` carry the ICCID rule's params.
 */
export const FIELD_PROBLEMS = [
  'required',
  'too_long', // { max }
  'too_short', // { min }
  'too_many_items', // { max } (a list); not 'too_many': i18next would read '_many' as a plural form
  'too_few_items', // { min }
  'too_big', // { max }
  'too_small', // { min }
  'not_whole',
  'wrong_type',
  'unknown_key',
  'invalid',
  'email',
  'email_mismatch', // the e-mail typed again is not the one typed first
  'pin_format',
  'pin_too_easy',
  'currency',
  'locale',
  'time_zone',
  'language',
  'country',
  'date',
  'date_order',
  'range_too_long',
  'role',
  'payment_method',
  'refund_reason',
  'name_length',
  'iccid_empty',
  'iccid_not_digits', // { char }
  'iccid_imei',
  'iccid_eid',
  'iccid_length', // { length }
  'iccid_prefix', // { prefix }
  'iccid_check_digit',
  'not_covered',
  'notes_required',
  'credentials_required',
  'credential_chars',
  'close_reload',
  'reason_required',
  'denomination', // a count of notes and coins names a value its currency does not have
  'printer_device', // a thermal printer's path that is not a printer device (a file, a folder)
  'printer_host', // a thermal printer's address that is not a host name or IP address
  'printer_port', // a test page to an address not saved yet, on a port below the printers' (< 1024)
  'text_chars', // a control character or broken text (shared/text.ts), or a line break in a one-line field
] as const;

export type FieldProblem = (typeof FIELD_PROBLEMS)[number];

/** A schema's message: a field problem, checked as one when it compiles. */
export const problem = (name: FieldProblem): FieldProblem => name;

/** What the words quote: a name, a count, a time. Numbers stay numbers, for plurals. */
export type ErrorParams = Readonly<Record<string, string | number>>;

export type AppError = {
  readonly code: ErrorCode;
  /** English, for the log and API callers; never shown on a screen. */
  readonly message: string;
  readonly reason?: ErrorReason;
  readonly params?: ErrorParams;
  /** Field name → its problem, for `bad_input`. */
  readonly fields?: Readonly<Record<string, FieldProblem>>;
  /** Field name → what its problem's words quote (a maximum). */
  readonly fieldParams?: Readonly<Record<string, ErrorParams>>;
  /** The partner service's own words for a refusal: its data, shown quoted as it said them. */
  readonly partnerMessage?: string;
  /** The partner service's own words per field of a refused request, quoted the same way. */
  readonly partnerFields?: Readonly<Record<string, string>>;
  readonly retryAfterSeconds?: number;
  /** The partner service's business code (e.g. 34 out of stock), when it gave one. */
  readonly partnerCode?: number;
  /** `locked` by wrong PINs: when it ends by itself (ISO-8601 UTC); a manager can end it sooner. */
  readonly lockedUntil?: string;
  /** `locked` by wrong PINs: what is held. See LockScope. */
  readonly lockScope?: LockScope;
};

/** Everything of an error but its code and English message. */
export type ErrorDetails = Omit<AppError, 'code' | 'message'>;

/**
 * What wrong PINs have paused: `sign_in` the account's sign-in (`sign_in_last_manager` when it is the
 * only active manager's, whom nobody at the counter can unlock: `params.name` is hers); `asking` the
 * caller's asking for a manager's approval; `approving` approvals naming that manager (who can still
 * sign in).
 */
export type LockScope = 'sign_in' | 'sign_in_last_manager' | 'asking' | 'approving';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string, extra: ErrorDetails = {}): Result<never> => ({
  ok: false,
  error: { code, message, ...extra },
});

export function isFieldProblem(value: unknown): value is FieldProblem {
  return typeof value === 'string' && (FIELD_PROBLEMS as readonly string[]).includes(value);
}

/** Thrown by services for an expected failure; the dispatcher turns it into a Result. */
export class AppFailure extends Error {
  readonly error: AppError;
  constructor(code: ErrorCode, message: string, extra: ErrorDetails = {}) {
    super(message);
    this.name = 'AppFailure';
    this.error = { code, message, ...extra };
  }

  /** An AppError worded elsewhere (failures.ts), thrown as an expected failure. */
  static from({ code, message, ...extra }: AppError): AppFailure {
    return new AppFailure(code, message, extra);
  }
}
