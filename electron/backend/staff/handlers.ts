/**
 * Staff and their sessions: the first owner, sign-in and the idle lock, and the manager's staff
 * list. Roles are checked by the dispatcher before any of these runs.
 */
import type { SessionView } from '../../../shared/contract.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { StaffMember } from '../../../shared/manager.ts';
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import type { StaffPublic } from './db.ts';
import { manageRefused, signInRefused, type Failure } from './failures.ts';
import type { ManageErrorCode } from './failures.ts';
import { createOwner, normalizeRecoveryCode, setupStatus } from './setup.ts';

type ManageResult = { ok: true; value: unknown } | { ok: false; error: Failure<ManageErrorCode> };

function laterOf(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a > b ? a : b;
}

export function staffMember(found: StaffPublic): StaffMember {
  return {
    id: found.id,
    name: found.name,
    role: found.role,
    active: found.active,
    failedAttempts: found.failedAttempts,
    lockedAt: found.lockedAt,
    lockedUntil: found.lockedUntil,
    approvalsPausedUntil: laterOf(found.approvalLockedUntil, found.approverLockedUntil),
    language: found.language,
    createdAt: found.createdAt,
  };
}

export function staffHandlers(
  services: Pick<HandlerServices, 'info' | 'db' | 'staff' | 'sessions' | 'keeper'>,
): AreaHandlers<'staff' | 'session' | 'setup'> {
  const { info, db, staff, sessions, keeper } = services;

  const view = (): SessionView => {
    const state = sessions.state();
    if (state.status === 'signed_out') return { status: 'signed_out' };
    const language = (id: string) => staff.get(id)?.language ?? null;
    if (state.status === 'locked')
      return { status: 'locked', staffId: state.staffId, name: state.name, language: language(state.staffId) };
    const { session } = state;
    return {
      status: 'active',
      staffId: session.staffId,
      name: session.name,
      role: session.role,
      language: language(session.staffId),
      idleLockInMs: state.idleLockInMs,
      idleLockAfterMs: state.idleLockAfterMs,
    };
  };

  const member = (staffId: string): StaffMember => {
    const found = staff.get(staffId);
    if (!found) throw new AppFailure('not_found', 'There is no such member of staff.', { reason: 'staff_not_found' });
    return staffMember(found);
  };
  /** A staff service result as the contract's answer: the member as it is now, or an AppFailure. */
  const managed = async (pending: ManageResult | Promise<ManageResult>, staffId?: string): Promise<StaffMember> => {
    const outcome = await pending;
    if (!outcome.ok) throw manageRefused(outcome.error);
    return member(staffId ?? (outcome.value as { id: string }).id);
  };

  return {
    'setup.status': () => ({ environment: info.environment, ...setupStatus(db) }),
    'setup.createOwner': async (input) => {
      const { owner, recoveryCode } = await createOwner(db, staff, input);
      keeper.ownerCreated(owner.id, input.pin, normalizeRecoveryCode(recoveryCode));
      return { ...staffMember(owner), recoveryCode };
    },
    'session.current': view,
    'session.signIn': async ({ staffId, pin }) => {
      const result = await sessions.signIn(staffId, pin);
      if (!result.ok) throw signInRefused(result.error);
      // The PIN is in memory only now: a manager's opens the secrets for the rest of the run.
      await keeper.signedIn({ id: result.value.staffId, role: result.value.role }, pin);
      return view();
    },
    'session.signOut': () => {
      sessions.signOut();
      return view();
    },
    'session.lock': () => {
      sessions.lock();
      return view();
    },
    // The dispatcher has marked the activity already, as for every staff call.
    'session.touch': view,
    'session.setLanguage': ({ language }, { session }) => {
      const result = staff.setLanguage(session!.staffId, language);
      if (!result.ok) throw new AppFailure('not_found', result.error.message, { reason: 'staff_not_found' });
      return view();
    },
    'staff.list': () => {
      // Someone practising in Demo reads the PINs off the screen; Production never shows one.
      const pins = info.environment === 'demo' ? staff.demoPins() : new Map<string, string>();
      return staff.list().map(({ id, name, role, language }) => ({ id, name, role, language, demoPin: pins.get(id) ?? null }));
    },
    'staff.all': () => staff.list({ includeInactive: true }).map((s) => member(s.id)),
    'staff.create': async (input, { session }) => {
      const created = await managed(staff.create(input, session!.staffId));
      await keeper.pinSet(created, input.pin);
      return created;
    },
    'staff.rename': ({ staffId, name }, { session }) => managed(staff.rename(staffId, name, session!.staffId), staffId),
    'staff.deactivate': async ({ staffId }, { session }) => {
      const changed = await managed(staff.deactivate(staffId, session!.staffId), staffId);
      await keeper.changed(changed);
      return changed;
    },
    'staff.reactivate': ({ staffId }, { session }) => managed(staff.reactivate(staffId, session!.staffId), staffId),
    'staff.setRole': async ({ staffId, role }, { session }) => {
      const changed = await managed(staff.setRole(staffId, role, session!.staffId), staffId);
      await keeper.changed(changed);
      return changed;
    },
    'staff.resetPin': async ({ staffId, pin }, { session }) => {
      const changed = await managed(staff.resetPin(staffId, pin, session!.staffId), staffId);
      await keeper.pinSet(changed, pin);
      return changed;
    },
    'staff.unlock': ({ staffId }, { session }) => managed(staff.unlock(staffId, session!.staffId), staffId),
  };
}
