/**
 * Every failure in the reader's language. The backend answers codes, reasons, parameters and field
 * problems (shared/errors.ts), never sentences for the screen: its `message` is English for the log
 * and API callers and is not read here. The partner service's own words are its data, quoted as it
 * said them.
 */
import type { AppError, ErrorCode, ErrorParams, ErrorReason, FieldProblem, LockScope } from '../../shared/errors.ts';
import type { IccidProblem, IccidResult } from '../../shared/iccid.ts';
import type { PinProblem } from '../../shared/pins.ts';
import type { OrderFailureCode } from '../../shared/sales.ts';
import { currentFormats } from './i18n/format.ts';
import { i18n } from './i18n/i18n.ts';

/** Where a reason's or a field problem's words are: the ICCID and PIN rules keep their own groups. */
type WordsKey =
  | `reason.${Exclude<ErrorReason, 'iccid_check_digit'>}`
  | `field.${Exclude<FieldProblem, `iccid_${string}` | `pin_${string}`>}`
  | `iccid.${IccidProblem | 'check_digit'}`
  | `pin.${PinProblem}`;

// Every ICCID and PIN problem is a field problem the backend can name (fails to compile otherwise).
type Covered<T extends FieldProblem> = T;
export type IccidFieldProblems = Covered<`iccid_${IccidProblem}`>;
export type PinFieldProblems = Covered<`pin_${PinProblem}`>;

const PREFIXED = /^(iccid|pin)_(.+)$/;

/** The catalogue key of a reason's words (in the `errors` namespace). */
export function reasonKey(reason: ErrorReason): WordsKey {
  return (reason === 'iccid_check_digit' ? 'iccid.check_digit' : `reason.${reason}`) as WordsKey;
}

/** The catalogue key of a field problem's words (in the `errors` namespace). */
export function fieldProblemKey(problem: FieldProblem): WordsKey {
  const prefixed = PREFIXED.exec(problem);
  return (prefixed ? `${prefixed[1]}.${prefixed[2]}` : `field.${problem}`) as WordsKey;
}

/**
 * Parameters as the reader writes them: a country's name in their language, a store day with its
 * weekday, a moment (`at`) on the store's clock.
 */
function wordParams(params: ErrorParams | undefined): Record<string, string | number> {
  if (!params) return {};
  const f = currentFormats();
  const out: Record<string, string | number> = { ...params };
  if (typeof params.country === 'string') out.country = f.country(params.country);
  if (typeof params.day === 'string') out.day = f.day(params.day);
  if (typeof params.at === 'string') out.at = f.dateTime(params.at);
  return out;
}

const words = (key: WordsKey, params?: ErrorParams): string => i18n.t(`errors:${key}`, wordParams(params));

/** The partner's own words would name the shop's credit or add nothing to "sold out": not shown. */
const PARTNER_WORDS_HIDDEN: ReadonlySet<ErrorReason> = new Set(['sold_out', 'low_credit']);

/** "The eSIM service said: “…”", when the service gave words of its own worth showing. */
function partnerSaid(error: AppError): string | null {
  if (!error.partnerMessage || (error.reason && PARTNER_WORDS_HIDDEN.has(error.reason))) return null;
  return i18n.t('errors:partnerSaid', { text: error.partnerMessage });
}

/** Each field's problem in words, in the order the backend named them. */
export function fieldProblemWords(error: AppError): string[] {
  return Object.keys(error.fields ?? {}).map((field) => fieldWords(error, field)!);
}

/** What is wrong with `field`, in words; null when the backend named no problem for it. */
export function fieldWords(error: AppError, field: string): string | null {
  const problem = error.fields?.[field];
  return problem ? words(fieldProblemKey(problem), error.fieldParams?.[field]) : null;
}

/**
 * The failure's headline: the special words of a wait or a lock that ends by itself, else the
 * reason's words, else the code's. A refused input with no reason of its own is said by its
 * fields' problems when `fieldsInline`.
 */
function headline(error: AppError, fieldsInline: boolean): string {
  if (error.code === 'rate_limited' && error.retryAfterSeconds) return waitWords(error.retryAfterSeconds);
  if (error.code === 'locked' && error.lockedUntil) return lockWords(error.lockedUntil, error.lockScope, error.params);
  if (error.reason) return words(reasonKey(error.reason), error.params);
  if (fieldsInline && error.code === 'bad_input') {
    const problems = fieldProblemWords(error);
    if (problems.length > 0) return problems.join(' ');
  }
  return genericWords(error.code);
}

/** A command to type is marked <cmd>…</cmd> (the only manager's lock): split on it, every odd piece is one. */
export const COMMAND = /<cmd>(.*?)<\/cmd>/g;

/**
 * A failed call in one sentence or two: what happened and what to do next, in the reader's
 * language; `marked` keeps the commands' marks for a screen that shows each as a line of code.
 */
export function describeError(error: AppError, marked = false): string {
  const said = partnerSaid(error);
  const text = headline(error, true);
  const words = said ? `${text} ${said}` : text;
  return marked ? words : words.replace(COMMAND, '$1 ');
}

/** For a notice that lists the fields' problems under its headline (AppErrorNotice). */
export function describeErrorParts(error: AppError): { headline: string; fields: string[] } {
  const said = partnerSaid(error);
  const text = headline(error, false).replace(COMMAND, '$1 ');
  const partnerFields = Object.entries(error.partnerFields ?? {}).map(([field, text]) =>
    i18n.t('errors:partnerField', { field, text }),
  );
  return { headline: said ? `${text} ${said}` : text, fields: [...fieldProblemWords(error), ...partnerFields] };
}

/**
 * Wrong PINs' locks end by themselves: say when, on the store's clock (the backend sends no words
 * for the screen), and that a manager can end them sooner.
 */
function lockWords(until: string, scope: LockScope | undefined, params: ErrorParams | undefined): string {
  const at = currentFormats().timeOrDate(until);
  return i18n.t(`errors:lock.${scope ?? 'sign_in'}`, { ...params, at });
}

function waitWords(seconds: number): string {
  const wait =
    seconds < 90
      ? i18n.t('errors:wait.seconds', { count: seconds })
      : i18n.t('errors:wait.minutes', { count: Math.ceil(seconds / 60) });
  return i18n.t('errors:wait.message', { wait });
}

/** A code's own words, for a failure with no reason (or no backend at all). */
export function genericWords(code: ErrorCode): string {
  return i18n.t(`errors:code.${code}`);
}

/**
 * The service's text is shown (as the service said it) for these: it is the partner's own words,
 * which may say more than ours. For the others the text is the app's own, and our words say it.
 */
const PARTNER_WORDS_CODES: ReadonlySet<OrderFailureCode> = new Set(['rejected', 'maintenance', 'topup_disabled', 'recycled']);

export type SaleFailureWords = { words: string; detail: string | null; soldOut: boolean };

/**
 * A failed sale or top-up in the clerk's words, and the service's own words under it (`detail`)
 * where they are the partner's. What to do next is the buttons' job, so it is not said here again.
 * Codes as in the partner's documentation (see electron/sandbox/README.md).
 */
export function describeSaleFailure(failure: { code: OrderFailureCode | null; reason: string } | null): SaleFailureWords {
  if (!failure) return { words: i18n.t('errors:order.none'), detail: null, soldOut: false };
  const { code } = failure;
  // A row from before the closed vocabulary: its text is most likely the service's own.
  if (!code) return { words: i18n.t('errors:order.none'), detail: failure.reason, soldOut: false };
  return {
    words: i18n.t(`errors:order.${code}`),
    detail: PARTNER_WORDS_CODES.has(code) ? failure.reason : null,
    soldOut: code === 'sold_out',
  };
}

/** Why a typed or scanned number is not an ICCID, in the clerk's language. */
export function iccidProblemWords(result: Extract<IccidResult, { ok: false }>): string {
  return i18n.t(`errors:iccid.${result.problem}`, result.params);
}

/** Why a PIN cannot be used, or that the two typed differ, in the reader's language. */
export function pinProblemWords(problem: PinProblem | 'mismatch'): string {
  return i18n.t(`errors:pin.${problem}`);
}
