/**
 * First run of an environment's journal: with nobody on file, the person at the counter sets the
 * store up and becomes its owner (a manager), and is given a recovery code, the way back in with
 * `npm run admin -- reset-pin` when every manager is locked out or has forgotten their PIN. Only
 * a hash of the code is kept; it is shown once.
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { appendAudit } from '../audit/db.ts';
import { defineSetting, getSetting, setSetting, SETTINGS } from '../settings/db.ts';
import { countStaff, type StaffPublic } from './db.ts';
import { isValidTimeZone } from '../../../shared/clock.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { hashPin, pinMatches, type ScryptParams, type StaffService } from './service.ts';

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_GROUPS = 4;
const GROUP_LENGTH = 5;

const RECOVERY = defineSetting(
  'owner.recoveryCode',
  z.object({ staffId: z.string(), pinHash: z.string(), pinSalt: z.string(), createdAt: z.string() }).nullable(),
  null,
);

/** 20 symbols of 5 bits: 100 bits, far beyond guessing, in four groups a person can copy. */
export function generateRecoveryCode(): string {
  const bytes = randomBytes(CODE_GROUPS * GROUP_LENGTH);
  const symbols = [...bytes].map((b) => ALPHABET[b & 31]!).join('');
  return symbols.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** As typed: any case, spaces or dashes, and the letters people confuse with digits. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function setupStatus(db: Database.Database): { needsOwner: boolean } {
  return { needsOwner: countStaff(db) === 0 };
}

export type OwnerInput = {
  name: string;
  pin: string;
  storeName?: string;
  timeZone?: string;
  currency?: string;
  locale?: string;
};

export async function createOwner(
  db: Database.Database,
  staff: StaffService,
  input: OwnerInput,
  options: { scrypt?: ScryptParams } = {},
): Promise<{ owner: StaffPublic; recoveryCode: string }> {
  if (countStaff(db) > 0) throw alreadySetUp();
  if (input.timeZone !== undefined && !isValidTimeZone(input.timeZone)) {
    throw new AppFailure('bad_input', 'Choose the store’s time zone from the list.', { fields: { timeZone: 'time_zone' } });
  }
  if (input.currency !== undefined && !Intl.supportedValuesOf('currency').includes(input.currency)) {
    throw new AppFailure('bad_input', `${input.currency} is not a currency code.`, { fields: { currency: 'currency' } });
  }
  const recoveryCode = generateRecoveryCode();
  const recovery = await hashPin(normalizeRecoveryCode(recoveryCode), options.scrypt);
  const created = await staff.create({ name: input.name, role: 'manager', pin: input.pin }, null);
  if (!created.ok) {
    if (created.error.code === 'forbidden') throw alreadySetUp();
    const { message, reason, params, fields } = created.error;
    throw new AppFailure('bad_input', message, { ...(reason && { reason }), ...(params && { params }), fields: fields ?? {} });
  }
  const owner = created.value;
  db.transaction(() => {
    if (input.storeName !== undefined) setSetting(db, SETTINGS.storeName, input.storeName);
    if (input.timeZone !== undefined) setSetting(db, SETTINGS.timeZone, input.timeZone);
    if (input.currency !== undefined) setSetting(db, SETTINGS.currency, input.currency);
    if (input.locale !== undefined) setSetting(db, SETTINGS.locale, input.locale);
    setSetting(db, RECOVERY, { staffId: owner.id, ...recovery, createdAt: new Date().toISOString() });
    appendAudit(db, {
      action: 'setup.owner_created',
      actorStaffId: owner.id,
      subject: owner.id,
      details: { name: owner.name, storeName: input.storeName ?? null, timeZone: input.timeZone ?? null },
    });
  })();
  return { owner, recoveryCode };
}

/** True when the code is the one shown at setup. Costs one scrypt, like a PIN. */
export async function recoveryCodeMatches(db: Database.Database, code: string): Promise<boolean> {
  const stored = getSetting(db, RECOVERY);
  if (!stored) return false;
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== CODE_GROUPS * GROUP_LENGTH) return false;
  return pinMatches(normalized, stored.pinHash, stored.pinSalt);
}

export function hasRecoveryCode(db: Database.Database): boolean {
  return getSetting(db, RECOVERY) !== null;
}

function alreadySetUp(): AppFailure {
  return new AppFailure('forbidden', 'This counter is set up already. Sign in with your PIN, or ask the owner.', {
    reason: 'already_set_up',
  });
}
