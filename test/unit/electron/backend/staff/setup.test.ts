import { beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getSetting, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import { AppFailure } from '../../../../../shared/errors.ts';
import {
  createOwner,
  generateRecoveryCode,
  hasRecoveryCode,
  normalizeRecoveryCode,
  recoveryCodeMatches,
  setupStatus,
} from '../../../../../electron/backend/staff/setup.ts';
import { createStaffService, type StaffService } from '../../../../../electron/backend/staff/service.ts';

const FAST = { N: 2 ** 15, r: 8, p: 1 };
let db: Journal;
let staff: StaffService;
beforeEach(() => {
  db = openJournalInMemory();
  staff = createStaffService(db, { scrypt: FAST });
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppFailure ? error.error : error),
  );

describe('first-run setup', () => {
  it('makes the owner a manager, keeps the store’s details, and gives a recovery code that works once typed back', async () => {
    expect(setupStatus(db)).toEqual({ needsOwner: true });
    const { owner, recoveryCode } = await createOwner(
      db,
      staff,
      { name: '  Olga   Owner ', pin: '5829', storeName: 'Harbour Phones', timeZone: 'Europe/Lisbon', currency: 'EUR' },
      { scrypt: FAST },
    );
    expect(owner).toMatchObject({ name: 'Olga Owner', role: 'manager', active: true });
    expect(setupStatus(db)).toEqual({ needsOwner: false });
    expect(getSetting(db, SETTINGS.storeName)).toBe('Harbour Phones');
    expect(getSetting(db, SETTINGS.timeZone)).toBe('Europe/Lisbon');
    expect(getSetting(db, SETTINGS.currency)).toBe('EUR');
    expect((await staff.authenticate(owner.id, '5829')).ok).toBe(true);

    // Only a hash is kept: the code itself is nowhere in the journal.
    expect(hasRecoveryCode(db)).toBe(true);
    const everything = JSON.stringify(db.prepare('SELECT * FROM settings').all());
    expect(everything).not.toContain(recoveryCode);
    expect(everything).not.toContain(normalizeRecoveryCode(recoveryCode));
    expect(await recoveryCodeMatches(db, recoveryCode)).toBe(true);
    // As a person copies it: lower case, spaces, O for 0 and l for 1.
    const typed = recoveryCode.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(await recoveryCodeMatches(db, typed)).toBe(true);
    expect(await recoveryCodeMatches(db, generateRecoveryCode())).toBe(false);
    expect(await recoveryCodeMatches(db, 'short')).toBe(false);
    expect(listAudit(db, { actionPrefix: 'setup.' }).map((e) => e.action)).toEqual(['setup.owner_created']);
  });

  it('is refused once anybody is on file, and changes nothing', async () => {
    await createOwner(db, staff, { name: 'Olga Owner', pin: '5829', storeName: 'Harbour Phones' }, { scrypt: FAST });
    const second = await failure(createOwner(db, staff, { name: 'Mallory', pin: '7394', storeName: 'Evil' }, { scrypt: FAST }));
    expect(second).toMatchObject({ code: 'forbidden', reason: 'already_set_up' });
    expect(staff.list().map((s) => s.name)).toEqual(['Olga Owner']);
    expect(getSetting(db, SETTINGS.storeName)).toBe('Harbour Phones');
  });

  it('lets only one of two owners created at once through', async () => {
    const results = await Promise.all([
      failure(createOwner(db, staff, { name: 'First', pin: '5829' }, { scrypt: FAST })),
      failure(createOwner(db, staff, { name: 'Second', pin: '7394' }, { scrypt: FAST })),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r !== null)).toEqual([expect.objectContaining({ code: 'forbidden', reason: 'already_set_up' })]);
    expect(staff.list()).toHaveLength(1);
  });

  it('says what is wrong with a weak PIN, an unknown zone or currency, and creates nobody', async () => {
    expect(await failure(createOwner(db, staff, { name: 'Olga', pin: '1234' }, { scrypt: FAST }))).toMatchObject({
      code: 'bad_input',
      fields: { pin: 'pin_too_easy' },
      message: expect.stringContaining('too easy to guess'),
    });
    expect(await failure(createOwner(db, staff, { name: 'Olga', pin: '5829', timeZone: 'Mars/Olympus' }))).toMatchObject({
      code: 'bad_input',
      fields: { timeZone: 'time_zone' },
    });
    expect(await failure(createOwner(db, staff, { name: 'Olga', pin: '5829', currency: 'XYZ' }))).toMatchObject({
      code: 'bad_input',
      fields: { currency: 'currency' },
    });
    expect(setupStatus(db)).toEqual({ needsOwner: true });
  });

  it('makes codes of 100 bits in Crockford’s alphabet', () => {
    const codes = new Set(Array.from({ length: 200 }, generateRecoveryCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
  });
});
