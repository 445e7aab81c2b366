/**
 * The manager's back-office methods: reports, the day close, staff, settings and the audit log.
 * The role is checked by the dispatcher before any of these runs.
 */
import type { StaffMember } from '../shared/manager.ts';
import type { ErrorCode } from '../shared/errors.ts';
import type { AccountService } from './services/account.ts';
import { auditEntries } from './services/audit.ts';
import { partnerSettings, setPartner } from './services/partner-settings.ts';
import type { SecretStore } from './secrets.ts';
import type { VaultKeeper } from './vault/keeper.ts';
import type { Environment } from '../shared/contract.ts';
import type { StaffPublic } from './db/staff.ts';
import type { Journal } from './db/open.ts';
import { AppFailure } from '../shared/errors.ts';
import { type Handlers } from './rpc.ts';
import type { CloseService } from './reports/close.ts';
import { today } from '../shared/clock.ts';
import type { SettingsService } from './services/settings.ts';
import type { Failure, ManageErrorCode, StaffService } from './services/staff.ts';

export type ManagerMethods =
  | 'audit.list'
  | 'reports.day'
  | 'reports.range'
  | 'reports.totals'
  | 'reports.sales'
  | 'close.preview'
  | 'close.commit'
  | 'close.csv'
  | 'close.unclosed'
  | 'staff.all'
  | 'staff.create'
  | 'staff.rename'
  | 'staff.deactivate'
  | 'staff.reactivate'
  | 'staff.setRole'
  | 'staff.resetPin'
  | 'staff.unlock'
  | 'settings.get'
  | 'settings.update'
  | 'account.balance'
  | 'notifications.lowData'
  | 'settings.partner'
  | 'settings.setPartner';

type ManageResult = { ok: true; value: unknown } | { ok: false; error: Failure<ManageErrorCode> };

const MANAGE_CODES: Record<ManageErrorCode, ErrorCode> = {
  forbidden: 'forbidden',
  invalid: 'bad_input',
  not_found: 'not_found',
  name_taken: 'conflict',
  last_manager: 'conflict',
};

/** The later of two ISO times (one shape, so they compare as strings), null when neither is set. */
function laterOf(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a > b ? a : b;
}

/** A staff row as the contract shows it: never the PIN material. */
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

export function createManagerHandlers(deps: {
  db: Journal;
  staff: StaffService;
  settings: SettingsService;
  close: CloseService;
  account: AccountService;
  secrets: SecretStore;
  keeper: VaultKeeper;
  dataDir: string;
  running: Environment;
  log: (message: string, error?: unknown) => void;
}): Pick<Handlers, ManagerMethods> {
  const { db, staff, settings, close, account, secrets, keeper, dataDir, running, log } = deps;

  const member = (staffId: string): StaffMember => {
    const found = staff.get(staffId);
    if (!found) throw new AppFailure('not_found', 'There is no such member of staff.', { reason: 'staff_not_found' });
    return staffMember(found);
  };
  /** A staff service result as the contract's answer: the member as it is now, or an AppFailure. */
  const managed = async (pending: ManageResult | Promise<ManageResult>, staffId?: string): Promise<StaffMember> => {
    const outcome = await pending;
    if (!outcome.ok) {
      const { code, message, reason, params, fields } = outcome.error;
      throw new AppFailure(MANAGE_CODES[code], message, { reason, params, fields });
    }
    const id = staffId ?? (outcome.value as { id: string }).id;
    return member(id);
  };

  return {
    'audit.list': (query) => auditEntries(db, query),
    'reports.day': ({ date }) => {
      const day = date ?? today(settings.timeZone());
      return close.report(day, day);
    },
    'reports.range': ({ from, to }) => close.report(from, to),
    'reports.totals': ({ from, to }) => close.totals(from, to),
    'reports.sales': ({ from, to, dimension, key }) => close.sales(from, to, dimension, key),
    'close.preview': ({ date }) => close.preview(date),
    'close.commit': ({ date, ...input }, { session }) => close.commit(date, input, session!),
    'close.csv': ({ date }) => close.csv(date),
    'close.unclosed': () => close.unclosedDays(),
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
    'settings.get': () => settings.store(),
    'settings.update': (input, { session }) => settings.update(input, session!.staffId),
    'account.balance': ({ refresh }) => account.balance(refresh),
    'notifications.lowData': async ({ email }, { session }) => ({ email: await account.setLowDataEmail(email, session!) }),
    'settings.partner': () => partnerSettings(dataDir, secrets, running, log),
    'settings.setPartner': async (input, { session }) => {
      // The vault a manager's sign-in is still making (a scrypt) must exist before a secret goes in.
      await secrets.vault?.settled();
      return setPartner(dataDir, db, secrets, input, session!, running, log);
    },
  };
}
