import { beforeEach, describe, expect, it } from 'vitest';
import { listAudit, verifyChain } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import {
  RECOVERY_TRIES_BEFORE_WAIT,
  RECOVERY_WAIT_MS,
  resetPinByRecovery,
} from '../../../../../electron/backend/staff/recovery.ts';
import { createOwner } from '../../../../../electron/backend/staff/setup.ts';
import { createStaffService, MIN_SCRYPT_N, type StaffService } from '../../../../../electron/backend/staff/service.ts';

const FAST = { N: MIN_SCRYPT_N, r: 8, p: 1 };
const owner = { via: 'command_line', user: 'olga' } as const;

let db: Journal;
let staff: StaffService;
let clock: number;
let ownerId: string;
let clerkId: string;
let code: string;

beforeEach(async () => {
  db = openJournalInMemory();
  clock = Date.parse('2026-11-22T10:00:00.000Z');
  staff = createStaffService(db, { scrypt: FAST, now: () => clock });
  const made = await createOwner(db, staff, { name: 'Olga Owner', pin: '2468' }, { scrypt: FAST });
  ownerId = made.owner.id;
  code = made.recoveryCode;
  const clerk = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, ownerId);
  if (!clerk.ok) throw new Error(clerk.error.message);
  clerkId = clerk.value.id;
});

const reset = (input: { code: string; newPin?: string; staffId?: string }) =>
  resetPinByRecovery(
    db,
    staff,
    { staffId: input.staffId ?? ownerId, newPin: input.newPin ?? '7351', code: input.code, owner },
    { now: () => clock },
  );
const wrongCode = () => code.replace(/^./, (c) => (c === '0' ? '1' : '0'));
const refusals = () => listAudit(db).filter((e) => e.action === 'admin.pin_reset_refused');

describe('resetPinByRecovery', () => {
  it('sets a locked-out manager’s PIN with the right code, typed in any case and spacing, and lifts the lock', async () => {
    for (let i = 0; i < 5; i++) await staff.authenticate(ownerId, '0000');
    expect((await staff.authenticate(ownerId, '2468')).ok).toBe(false);

    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    expect(await reset({ code: typed })).toMatchObject({ ok: true, value: { id: ownerId, lockedAt: null } });
    expect((await staff.authenticate(ownerId, '7351')).ok).toBe(true);
    expect(listAudit(db).find((e) => e.action === 'admin.pin_reset')).toMatchObject({
      actorStaffId: null,
      subject: ownerId,
      details: { via: 'command_line', user: 'olga', wasLocked: true },
    });
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('refuses a wrong code, audits and counts it, and says how many tries are left', async () => {
    const first = await reset({ code: wrongCode() });
    expect(first).toMatchObject({
      ok: false,
      error: { code: 'wrong_code', message: expect.stringMatching(/after 4 more wrong tries/) },
    });
    expect(await reset({ code: 'not even close' })).toMatchObject({ ok: false, error: { code: 'wrong_code' } });
    expect(refusals().map((e) => e.details)).toEqual([
      { via: 'command_line', user: 'olga', reason: 'wrong_code', wrongInARow: 2 },
      { via: 'command_line', user: 'olga', reason: 'wrong_code', wrongInARow: 1 },
    ]);
    expect((await staff.authenticate(ownerId, '2468')).ok).toBe(true);
  });

  it('makes every try wait 15 minutes after five wrong codes in a row, even the right one, then allows it', async () => {
    for (let i = 1; i < RECOVERY_TRIES_BEFORE_WAIT; i++) await reset({ code: wrongCode() });
    const fifth = await reset({ code: wrongCode() });
    expect(fifth).toMatchObject({
      ok: false,
      error: { code: 'wrong_code', message: expect.stringMatching(/5 times in a row.*15 minutes/) },
    });

    clock += RECOVERY_WAIT_MS - 60_000;
    const held = await reset({ code });
    expect(held).toMatchObject({
      ok: false,
      error: { code: 'waiting', message: expect.stringMatching(/try again in 1 minute/) },
    });
    expect(refusals()[0]?.details).toMatchObject({ reason: 'waiting' });
    expect((await staff.authenticate(ownerId, '7351')).ok).toBe(false);

    clock += 60_000;
    expect((await reset({ code })).ok).toBe(true);
    // A success starts the count again.
    await reset({ code: wrongCode() });
    expect(refusals()[0]?.details).toMatchObject({ reason: 'wrong_code', wrongInARow: 1 });
  });

  it('keeps the count in the journal, so a new service on the same journal (a new run of the command) sees it', async () => {
    for (let i = 0; i < RECOVERY_TRIES_BEFORE_WAIT; i++) await reset({ code: wrongCode() });
    staff = createStaffService(db, { scrypt: FAST, now: () => clock });
    expect(await reset({ code })).toMatchObject({ ok: false, error: { code: 'waiting' } });
  });

  it('resets only managers’ PINs, and checks the new PIN before the code', async () => {
    expect(await reset({ code, staffId: clerkId })).toMatchObject({ ok: false, error: { code: 'not_manager' } });
    expect(await reset({ code: wrongCode(), newPin: '1111' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await reset({ code, staffId: 'nobody' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(refusals().map((e) => e.details.reason)).toEqual(['not_manager']);
  });

  it('never writes the code or the PIN into the audit log', async () => {
    await reset({ code: wrongCode() });
    await reset({ code });
    // What an entry says, not its random ids and hashes, which may hold any four digits by chance.
    const dump = JSON.stringify(listAudit(db).map((entry) => [entry.action, entry.details]));
    expect(dump).not.toContain(code.replace(/-/g, '').slice(0, 8));
    expect(dump).not.toContain('7351');
  });
});
