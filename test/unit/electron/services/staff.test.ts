import { beforeEach, describe, expect, it } from 'vitest';
import { listAudit, verifyChain } from '../../../../electron/db/audit.ts';
import { openJournalInMemory, type Journal } from '../../../../electron/db/open.ts';
import { getStaff, updateStaff } from '../../../../electron/db/staff.ts';
import {
  createStaffService,
  DEFAULT_SCRYPT,
  hashPin,
  MIN_SCRYPT_N,
  parsePinHash,
  pinMatches,
  seedDemoStaff,
  type StaffService,
} from '../../../../electron/services/staff.ts';

// The lowest parameters the service accepts, to keep the suite fast; production uses DEFAULT_SCRYPT.
const FAST = { N: MIN_SCRYPT_N, r: 8, p: 1 };

let db: Journal;
let staff: StaffService;
let managerId: string;
let clerkId: string;

beforeEach(async () => {
  db = openJournalInMemory();
  staff = createStaffService(db, { scrypt: FAST, now: () => Date.parse('2026-11-22T10:00:00.000Z') });
  const m = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
  if (!m.ok) throw new Error(m.error.message);
  managerId = m.value.id;
  const c = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, managerId);
  if (!c.ok) throw new Error(c.error.message);
  clerkId = c.value.id;
});

describe('PIN hashing', () => {
  it('uses scrypt with a per-user 16-byte salt and stores its parameters', async () => {
    const a = await hashPin('2468', FAST);
    const b = await hashPin('2468', FAST);
    expect(a.pinSalt).not.toBe(b.pinSalt);
    expect(a.pinHash).not.toBe(b.pinHash);
    expect(Buffer.from(a.pinSalt, 'base64')).toHaveLength(16);
    expect(parsePinHash(a.pinHash)?.params).toEqual(FAST);
    expect(await pinMatches('2468', a.pinHash, a.pinSalt)).toBe(true);
    expect(await pinMatches('2469', a.pinHash, a.pinSalt)).toBe(false);
    expect(await pinMatches('2468', a.pinHash, b.pinSalt)).toBe(false);
    expect(await pinMatches('2468', 'garbage', a.pinSalt)).toBe(false);
  });

  it('defaults to N=2^17, r=8, p=1 and refuses weaker parameters', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    await expect(hashPin('2468', { N: 2 ** 14, r: 8, p: 1 })).rejects.toThrow(/too weak/);
  });

  it('never stores the PIN itself', () => {
    // Random columns (ids, salts, hashes) are left out: they may contain any four digits by chance.
    const dump =
      JSON.stringify(db.prepare('SELECT name, role, active, failed_attempts, locked_at FROM staff').all()) +
      JSON.stringify(db.prepare('SELECT action, details FROM audit_log').all());
    expect(dump).not.toContain('2468');
    expect(dump).not.toContain('1357');
  });
});

describe('authenticate', () => {
  it('signs in with the right PIN and audits it', async () => {
    const r = await staff.authenticate(clerkId, '1357');
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ id: clerkId, name: 'Chris Clerk', role: 'clerk' }) });
    expect(r.ok && 'pinHash' in r.value).toBe(false);
    expect(listAudit(db, { limit: 1 })[0]).toMatchObject({ action: 'staff.signed_in', actorStaffId: clerkId, subject: clerkId });
  });

  it('counts down in words and locks at the fifth wrong PIN', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await staff.authenticate(clerkId, '0000');
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('bad_pin');
        messages.push(r.error.message);
      }
    }
    expect(messages).toEqual([
      'Wrong PIN. 4 tries left before this account locks.',
      'Wrong PIN. 3 tries left before this account locks.',
      'Wrong PIN. 2 tries left before this account locks.',
      'Wrong PIN. 1 try left before this account locks.',
    ]);
    const fifth = await staff.authenticate(clerkId, '0000');
    expect(fifth).toMatchObject({ ok: false, error: { code: 'locked' } });
    // Once locked, even the right PIN is refused.
    expect(await staff.authenticate(clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(getStaff(db, clerkId)).toMatchObject({ failedAttempts: 5, lockedAt: '2026-11-22T10:00:00.000Z' });
    const actions = listAudit(db).map((e) => e.action);
    expect(actions.filter((a) => a === 'staff.sign_in_failed')).toHaveLength(5);
    expect(actions.filter((a) => a === 'staff.locked')).toHaveLength(1);
    expect(actions[0]).toBe('staff.sign_in_refused');
  });

  it('resets the count after a successful sign-in', async () => {
    await staff.authenticate(clerkId, '0000');
    await staff.authenticate(clerkId, '0000');
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(getStaff(db, clerkId)?.failedAttempts).toBe(0);
    expect(await staff.authenticate(clerkId, '0000')).toMatchObject({
      error: { message: expect.stringContaining('4 tries left') },
    });
  });

  it('locks exactly once when wrong PINs arrive at the same time', async () => {
    const results = await Promise.all(Array.from({ length: 7 }, () => staff.authenticate(clerkId, '9999')));
    expect(results.filter((r) => !r.ok && r.error.code === 'bad_pin')).toHaveLength(4);
    expect(results.filter((r) => !r.ok && r.error.code === 'locked')).toHaveLength(3);
    expect(listAudit(db).filter((e) => e.action === 'staff.locked')).toHaveLength(1);
  });

  it('refuses unknown and inactive staff', async () => {
    expect(await staff.authenticate('nobody', '1357')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    staff.deactivate(clerkId, managerId);
    expect(await staff.authenticate(clerkId, '1357')).toMatchObject({ ok: false, error: { code: 'inactive' } });
  });

  it('raises an old hash to the current parameters at the next good sign-in', async () => {
    const stronger = createStaffService(db, { scrypt: { N: 2 ** 16, r: 8, p: 1 } });
    expect((await stronger.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(parsePinHash(getStaff(db, clerkId)?.pinHash ?? '')?.params.N).toBe(2 ** 16);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
  });
});

describe('staff management', () => {
  it('lets only a manager unlock, and unlocking resets the count', async () => {
    for (let i = 0; i < 5; i++) await staff.authenticate(clerkId, '0000');
    const other = await staff.create({ name: 'Other Clerk', role: 'clerk', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    expect(staff.unlock(clerkId, other.value.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(staff.unlock(clerkId, managerId)).toMatchObject({ ok: true, value: { failedAttempts: 0, lockedAt: null } });
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(true);
    expect(listAudit(db).find((e) => e.action === 'staff.unlocked')).toMatchObject({
      actorStaffId: managerId,
      subject: clerkId,
      details: { wasLocked: true, failedAttempts: 5 },
    });
  });

  it('lets the owner at the command line unlock and reset a PIN with no manager signed in, audited as admin entries', async () => {
    for (let i = 0; i < 5; i++) await staff.authenticate(managerId, '0000');
    const owner = { via: 'command_line', user: 'olga' } as const;
    expect(staff.unlock(managerId, owner)).toMatchObject({ ok: true, value: { failedAttempts: 0, lockedAt: null } });
    expect((await staff.authenticate(managerId, '2468')).ok).toBe(true);
    expect(await staff.resetPin(managerId, '1234', owner)).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect((await staff.resetPin(managerId, '7351', owner)).ok).toBe(true);
    expect((await staff.authenticate(managerId, '7351')).ok).toBe(true);
    const entries = listAudit(db).filter((e) => e.action.startsWith('admin.'));
    expect(entries.map((e) => [e.action, e.actorStaffId, e.subject, e.details])).toEqual([
      ['admin.pin_reset', null, managerId, { via: 'command_line', user: 'olga', wasLocked: false }],
      ['admin.unlocked', null, managerId, { via: 'command_line', user: 'olga', wasLocked: true, failedAttempts: 5 }],
    ]);
    expect(listAudit(db).some((e) => e.action === 'staff.unlocked' || e.action === 'staff.pin_reset')).toBe(false);
  });

  it('creates staff only with a valid name, role and 4-8 digit PIN', async () => {
    for (const pin of ['123', '123456789', '12a4', '']) {
      expect(await staff.create({ name: 'New', role: 'clerk', pin }, managerId)).toMatchObject({
        ok: false,
        error: { code: 'invalid', message: 'A PIN is 4 to 8 digits.' },
      });
    }
    expect(await staff.create({ name: '   ', role: 'clerk', pin: '5824' }, managerId)).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await staff.create({ name: 'chris  clerk', role: 'clerk', pin: '5824' }, managerId)).toMatchObject({
      ok: false,
      error: { code: 'name_taken' },
    });
    expect(await staff.create({ name: 'New', role: 'clerk', pin: '5824' }, clerkId)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await staff.create({ name: 'New', role: 'manager', pin: '5824' }, null)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await staff.create({ name: '  Dana   Day ', role: 'clerk', pin: '58246913' }, managerId)).toMatchObject({
      ok: true,
      value: { name: 'Dana Day' },
    });
  });

  it('renames, deactivates, reactivates and resets PINs with audit entries and no PIN in them', async () => {
    expect(staff.rename(clerkId, 'Chris C', managerId)).toMatchObject({ ok: true, value: { name: 'Chris C' } });
    expect(staff.deactivate(clerkId, managerId)).toMatchObject({ ok: true, value: { active: false } });
    expect(staff.list().map((s) => s.name)).toEqual(['Maria Manager']);
    expect(staff.reactivate(clerkId, managerId)).toMatchObject({ ok: true, value: { active: true } });
    for (let i = 0; i < 5; i++) await staff.authenticate(clerkId, '0000');
    expect(await staff.resetPin(clerkId, '8642', managerId)).toMatchObject({ ok: true, value: { lockedAt: null } });
    expect((await staff.authenticate(clerkId, '8642')).ok).toBe(true);
    expect((await staff.authenticate(clerkId, '1357')).ok).toBe(false);
    const audit = listAudit(db);
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.renamed', 'staff.deactivated', 'staff.reactivated', 'staff.pin_reset']),
    );
    expect(JSON.stringify(audit.map((entry) => [entry.action, entry.details]))).not.toContain('8642');
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('keeps at least one active manager', () => {
    expect(staff.deactivate(managerId, managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    expect(staff.rename('nobody', 'X', managerId)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(staff.rename(managerId, 'X', clerkId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('changing roles', () => {
  const roleChanges = () => listAudit(db).filter((e) => e.action === 'staff.role_changed');

  it('promotes a clerk and demotes a manager, with from and to in the audit entry', () => {
    expect(staff.setRole(clerkId, 'manager', managerId)).toMatchObject({ ok: true, value: { id: clerkId, role: 'manager' } });
    expect(getStaff(db, clerkId)?.role).toBe('manager');
    expect(staff.setRole(clerkId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
    expect(roleChanges()).toEqual([
      expect.objectContaining({ actorStaffId: managerId, subject: clerkId, details: { from: 'manager', to: 'clerk' } }),
      expect.objectContaining({ actorStaffId: managerId, subject: clerkId, details: { from: 'clerk', to: 'manager' } }),
    ]);
    expect(JSON.stringify(roleChanges())).not.toMatch(/1357|2468|scrypt/);
    expect(verifyChain(db)).toMatchObject({ ok: true });
  });

  it('treats the same role as a harmless no-op that returns the member and audits nothing', () => {
    const before = listAudit(db).length;
    expect(staff.setRole(clerkId, 'clerk', managerId)).toMatchObject({ ok: true, value: { id: clerkId, role: 'clerk' } });
    expect(staff.setRole(managerId, 'manager', managerId)).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(listAudit(db)).toHaveLength(before);
  });

  it('refuses in words to demote the last active manager, even when it is the caller', () => {
    const before = listAudit(db).length;
    expect(staff.setRole(managerId, 'clerk', managerId)).toEqual({
      ok: false,
      error: {
        code: 'last_manager',
        message:
          'Maria Manager is the only manager who can sign in, and the store needs one. Make someone else a manager (or unlock one) first.',
      },
    });
    expect(getStaff(db, managerId)?.role).toBe('manager');
    expect(listAudit(db)).toHaveLength(before);
  });

  it('does not count an inactive manager as the one that remains', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    expect(staff.deactivate(other.value.id, managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    // An inactive manager may be demoted: it leaves the active managers as they are.
    expect(staff.setRole(other.value.id, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
  });

  it('does not count a manager locked out by wrong PINs, who could not unlock anyone', async () => {
    const other = await staff.create({ name: 'Otto Owner', role: 'manager', pin: '4731' }, managerId);
    if (!other.ok) throw new Error('setup');
    updateStaff(db, other.value.id, { failedAttempts: 5, lockedAt: '2026-11-22T09:00:00.000Z' }, '2026-11-22T09:00:00.000Z');
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    expect(staff.deactivate(managerId, managerId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
    expect(staff.unlock(other.value.id, managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
  });

  it('lets a manager demote themselves once another active manager remains', () => {
    expect(staff.setRole(clerkId, 'manager', managerId).ok).toBe(true);
    expect(staff.setRole(managerId, 'clerk', managerId)).toMatchObject({ ok: true, value: { role: 'clerk' } });
    // Now a clerk: further staff changes are refused, and the new manager cannot be the last to go.
    expect(staff.setRole(managerId, 'manager', managerId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(staff.setRole(clerkId, 'clerk', clerkId)).toMatchObject({ ok: false, error: { code: 'last_manager' } });
  });

  it('is refused to clerks and for unknown staff', () => {
    expect(staff.setRole(clerkId, 'manager', clerkId)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(getStaff(db, clerkId)?.role).toBe('clerk');
    expect(staff.setRole('nobody', 'manager', managerId)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(roleChanges()).toHaveLength(0);
  });
});

describe('seedDemoStaff', () => {
  it('creates the demo manager and clerk only when no staff exist', async () => {
    const fresh = openJournalInMemory();
    expect(await seedDemoStaff(fresh, { scrypt: FAST })).toEqual({ created: true });
    expect(await seedDemoStaff(fresh, { scrypt: FAST })).toEqual({ created: false });
    const demo = createStaffService(fresh, { scrypt: FAST });
    const people = demo.list();
    expect(people.map((s) => [s.name, s.role])).toEqual([
      ['Chris Clerk', 'clerk'],
      ['Maria Manager', 'manager'],
    ]);
    expect((await demo.authenticate(people[1]?.id ?? '', '2468')).ok).toBe(true);
    expect((await demo.authenticate(people[0]?.id ?? '', '1357')).ok).toBe(true);
    expect(await seedDemoStaff(db, { scrypt: FAST })).toEqual({ created: false });
  });
});
