/**
 * What every domain's part of the contract is made of: who may call a method, its spec, and the
 * input pieces and views several domains share. shared/contract.ts and the files beside this one
 * build their methods from these.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { oneLine } from '../text.ts';

/** The first and last days a report, a close or a due date may name (see localDate). */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2199-12-31';

/**
 * Who may call a method: `display` the customer display (and the counter, without a session);
 * `public` the counter's window without a session; `clerk` and `manager` a signed-in member of
 * staff with that role. The customer display may call only `display` methods.
 */
export type Role = 'public' | 'display' | 'clerk' | 'manager';

export type Environment = 'demo' | 'partner_sandbox' | 'production';

export type MethodSpec<I extends z.ZodType, O> = {
  readonly role: Role;
  readonly input: I;
  /**
   * A read the screens repeat on a timer (a sale being settled, whether sales are paused): it is not
   * the clerk at work, so it must not hold off the idle lock.
   */
  readonly passive?: boolean;
  /** Phantom: carries the output type; never read at run time. */
  readonly output: O;
};

export const method =
  <O>() =>
  <I extends z.ZodType>(role: Role, input: I, options: { passive?: boolean } = {}): MethodSpec<I, O> => ({
    role,
    input,
    ...options,
    output: undefined as O,
  });

export const none = z.strictObject({});
// Messages are field problems (shared/errors.ts), worded by the renderer in the reader's language.
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, problem('country'));

/** Loose on purpose: the ICCID rules (shared/iccid.ts) give the clerk the precise reason. */
export const iccidInput = z.string().trim().min(1, problem('iccid_empty')).max(40);

/**
 * A day in the store's calendar (YYYY-MM-DD, a real one: no 30 February). Only days of this and the
 * next two centuries: nothing was sold before 2000, and the store's clock (shared/clock.ts) turns a
 * day into instants through Intl and Date, whose years past 9999 no longer print as ISO dates: a
 * report or a close of 31 December 9999 reads up to its next day, and would fail where it is
 * refused here. Two centuries is far more than any date a manager means to type.
 */
export const localDate = z.iso
  .date({ error: problem('date'), abort: true })
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, problem('date'));
export const pin = z.string().regex(/^\d{4,8}$/, problem('pin_format'));
export const staffName = oneLine(z.string().trim().min(1, problem('required')).max(80));
