/**
 * The owner's recovery code, the way back in when no manager can sign in: with it,
 * `npm run admin -- reset-pin` sets a manager's PIN anew (and so lifts their lock). Wrong codes
 * are counted in the journal, and five in a row make every try wait 15 minutes, so the command
 * cannot be used to guess the code however often it is run.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { PIN_PROBLEM_WORDS, pinProblem } from '../../../shared/pins.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { defineSetting, getSetting, setSetting } from '../settings/db.ts';
import { getStaff, type StaffPublic } from './db.ts';
import { hasRecoveryCode, recoveryCodeMatches } from './setup.ts';
import type { OwnerActor, StaffService } from './service.ts';

export const RECOVERY_TRIES_BEFORE_WAIT = 5;
export const RECOVERY_WAIT_MS = 15 * 60_000;

const THROTTLE = defineSetting(
  'owner.recoveryThrottle',
  z.object({ wrongInARow: z.number().int().min(0), waitUntil: z.string().nullable() }),
  { wrongInARow: 0, waitUntil: null },
);

export type RecoveryErrorCode = 'invalid' | 'not_found' | 'not_manager' | 'no_code' | 'waiting' | 'wrong_code';
export type RecoveryResult =
  { ok: true; value: StaffPublic } | { ok: false; error: { code: RecoveryErrorCode; message: string; waitUntil?: string } };

export type RecoveryInput = { staffId: string; newPin: string; code: string; owner: OwnerActor };

export async function resetPinByRecovery(
  db: Database.Database,
  staff: StaffService,
  input: RecoveryInput,
  options: { now?: () => number } = {},
): Promise<RecoveryResult> {
  const now = options.now ?? Date.now;
  const refuse = refusal(db, { action: 'admin.pin_reset_refused', subject: input.staffId, owner: input.owner, now });

  // Mistakes in what was typed, before the code is looked at; nothing is counted for them.
  const problem = pinProblem(input.newPin);
  if (problem) return { ok: false, error: { code: 'invalid', message: PIN_PROBLEM_WORDS[problem] } };
  const target = getStaff(db, input.staffId);
  if (!target) return { ok: false, error: { code: 'not_found', message: 'This staff member is not on file.' } };
  if (target.role !== 'manager') {
    return refuse(
      'not_manager',
      `${target.name} is a clerk: the recovery code resets a manager's PIN, and a manager resets a clerk's under Staff.`,
    );
  }

  const refused = await spendRecoveryCode(db, input.code, { now, refuse });
  if (refused) return refused;

  const reset = await staff.resetPin(input.staffId, input.newPin, input.owner);
  if (!reset.ok)
    return { ok: false, error: { code: reset.error.code === 'invalid' ? 'invalid' : 'not_found', message: reset.error.message } };
  recoverySpent(db, now());
  return reset;
}

/** A refusal of what the recovery code was for, entered in the log with its reason (never the code). */
export function refusal(
  db: Database.Database,
  what: { action: string; subject: string | null; owner: OwnerActor; now: () => number },
) {
  return (code: RecoveryErrorCode, message: string, details: { [k: string]: JsonValue } = {}) => {
    appendAudit(db, {
      action: what.action,
      actorStaffId: null,
      subject: what.subject,
      details: { ...what.owner, reason: code, ...details },
      at: new Date(what.now()).toISOString(),
    });
    const waitUntil = typeof details.waitUntil === 'string' ? details.waitUntil : undefined;
    return { ok: false as const, error: waitUntil ? { code, message, waitUntil } : { code, message } };
  };
}

/**
 * Checks the owner's recovery code, counting wrong ones in the journal (five in a row make every
 * try wait): null when it is right, else what `refuse` makes of the reason.
 */
export async function spendRecoveryCode<R>(
  db: Database.Database,
  code: string,
  options: { now: () => number; refuse: (code: RecoveryErrorCode, message: string, details?: { [k: string]: JsonValue }) => R },
): Promise<R | null> {
  const { now, refuse } = options;
  const waiting = waitingUntil(db, now());
  if (waiting) return refuse('waiting', waitMessage(waiting, now()), { waitUntil: waiting });
  if (!hasRecoveryCode(db)) {
    return refuse('no_code', 'This journal has no recovery code (it was not set up with the owner’s first-run setup).');
  }
  const matches = code.length <= 200 && (await recoveryCodeMatches(db, code));

  // Counted on the journal as it is now: another try may have landed while the code was hashed.
  type Counted =
    { kind: 'right' } | { kind: 'held'; until: string } | { kind: 'wrong'; inARow: number; waitUntil: string | null };
  const counted = db
    .transaction((): Counted => {
      const t = now();
      const held = waitingUntil(db, t);
      if (held) return { kind: 'held', until: held };
      if (matches) return { kind: 'right' };
      const inARow = getSetting(db, THROTTLE).wrongInARow + 1;
      const waitUntil = inARow >= RECOVERY_TRIES_BEFORE_WAIT ? new Date(t + RECOVERY_WAIT_MS).toISOString() : null;
      // The count starts again after the wait, so each wait allows five more tries at most.
      setSetting(db, THROTTLE, { wrongInARow: waitUntil ? 0 : inARow, waitUntil }, new Date(t).toISOString());
      return { kind: 'wrong', inARow, waitUntil };
    })
    .immediate();
  if (counted.kind === 'held') return refuse('waiting', waitMessage(counted.until, now()), { waitUntil: counted.until });
  if (counted.kind === 'wrong') {
    const minutes = RECOVERY_WAIT_MS / 60_000;
    const left = RECOVERY_TRIES_BEFORE_WAIT - counted.inARow;
    return counted.waitUntil
      ? refuse(
          'wrong_code',
          `The recovery code is wrong, ${counted.inARow} times in a row, so the next try must wait ${minutes} minutes.`,
          { wrongInARow: counted.inARow, waitUntil: counted.waitUntil },
        )
      : refuse(
          'wrong_code',
          `The recovery code is wrong; after ${left} more wrong ${left === 1 ? 'try' : 'tries'} the next must wait ${minutes} minutes.`,
          { wrongInARow: counted.inARow },
        );
  }
  return null;
}

/** Sets the wrong-code count back to zero once a right code was used. */
export function recoverySpent(db: Database.Database, t: number): void {
  setSetting(db, THROTTLE, { wrongInARow: 0, waitUntil: null }, new Date(t).toISOString());
}

function waitingUntil(db: Database.Database, t: number): string | null {
  const { waitUntil } = getSetting(db, THROTTLE);
  return waitUntil && Date.parse(waitUntil) > t ? waitUntil : null;
}

function waitMessage(until: string, t: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(until) - t) / 60_000));
  return `Too many wrong recovery codes in a row: try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${until}).`;
}
