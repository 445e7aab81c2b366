/**
 * The audit log in a manager's words: what happened, to what, and the details that matter,
 * instead of action codes, record ids and JSON. The codes stay searchable (the filter matches
 * them) and are shown small beside the words.
 */
import type { OrderFailureCode } from '../../../shared/sales.ts';
import type { AuditView } from '../../../shared/manager.ts';
import { clockOrDate } from '../../../shared/clock.ts';
import { REFUND_REASON_WORDS } from './format.ts';

const ACTIONS: Readonly<Record<string, string>> = {
  'sale.created': 'Sale started',
  'sale.completed': 'Sale completed',
  'sale.failed': 'Sale failed',
  'sale.uncertain': 'Sale outcome unknown, being checked',
  'sale.not_found': 'Sale not at the eSIM service',
  'sale.not_sent': 'Sale never sent',
  'sale.retried': 'Sale sent again',
  'sale.revealed': 'QR code shown again (manager’s PIN)',
  'sale.voided': 'Sale voided (never sent)',
  'sale.duplicate_at_partner': 'Sale found twice at the eSIM service',
  'sale.reconciled_at_start': 'Unfinished sales settled at start',
  'topup.created': 'Top-up started',
  'topup.completed': 'Top-up completed',
  'topup.failed': 'Top-up failed',
  'topup.uncertain': 'Top-up outcome unknown, being checked',
  'topup.not_found': 'Top-up not at the eSIM service',
  'topup.not_sent': 'Top-up never sent',
  'topup.retried': 'Top-up sent again',
  'topup.duplicate_at_partner': 'Top-up found twice at the eSIM service',
  'topup.reconciled_at_start': 'Unfinished top-ups settled at start',
  'staff.created': 'Staff member added',
  'staff.renamed': 'Staff member renamed',
  'staff.role_changed': 'Role changed',
  'staff.pin_reset': 'PIN reset',
  'staff.deactivated': 'Staff member deactivated',
  'staff.reactivated': 'Staff member reactivated',
  'staff.unlocked': 'Account unlocked',
  'staff.locked': 'Account locked after wrong PINs',
  'staff.signed_in': 'Signed in',
  'staff.sign_in_failed': 'Wrong PIN',
  'staff.sign_in_refused': 'Sign-in refused',
  'staff.approved': 'Manager’s PIN given',
  'staff.approval_failed': 'Wrong manager’s PIN in an approval',
  'staff.approval_throttled': 'Approvals paused after wrong PINs',
  'staff.approval_refused': 'Approval refused',
  'session.signed_out': 'Signed out',
  'session.locked': 'Screen locked',
  'session.idle_locked': 'Screen locked after no use',
  'settings.changed': 'Settings changed',
  'partner.settings_changed': 'eSIM service connection changed',
  'notifications.low_data': 'Low-data e-mails changed',
  'refund.requested': 'Refund requested',
  'day.closed': 'Day closed',
  'journal.backed_up': 'Journal backed up',
  'journal.backup_failed': 'Journal backup failed',
  'admin.unlocked': 'Account unlocked at the machine',
  'admin.pin_reset': 'PIN reset with the owner’s recovery code',
  'admin.pin_reset_refused': 'Recovery code refused',
  'admin.backup': 'Journal backed up at the machine',
  'admin.restored': 'Journal restored from a backup',
  'rpc.refused': 'Refused: not allowed',
  'audit.chain_broken': 'Audit log found altered',
};

/** "sale.completed" → the words above; an action this list does not know yet still reads. */
export function actionWords(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SETTING_WORDS: Readonly<Record<string, string>> = {
  balanceFloor: 'sales floor',
  storeName: 'store name',
  storeAddress: 'store address',
  timeZone: 'time zone',
  idleLockMinutes: 'screen lock',
  priceRule: 'retail price',
  printer: 'printer',
};

/** Why a sign-in or an approval was refused (staff.sign_in_refused, staff.approval_refused). */
const REFUSAL_WORDS: Readonly<Record<string, string>> = {
  locked: 'account locked after wrong PINs',
  inactive: 'switched off',
  not_found: 'not on file',
  not_manager: 'not a manager',
  asker_paused: 'the one asking is paused',
  approver_paused: 'approvals by this manager are paused',
};

/** Which approvals a staff.approval_throttled entry paused. */
const PAUSED_WORDS: Readonly<Record<string, string>> = {
  asking: 'may not ask for approvals',
  approving: 'approvals by this manager',
};

/** The closed vocabulary of shared/sales.ts, and the spellings of entries written before it. */
const FAILURE_WORDS: Readonly<Record<OrderFailureCode, string>> & Readonly<Record<string, string>> = {
  not_sent: 'never sent',
  unreachable: 'service unreachable',
  rate_limited: 'asked to wait',
  refused_credentials: 'credentials refused',
  sold_out: 'sold out',
  low_credit: 'shop’s credit too low',
  maintenance: 'operator in maintenance',
  topup_disabled: 'top-ups switched off',
  recycled: 'eSIM recycled',
  rejected: 'refused by the service',
  uncertain: 'no clear answer',
  not_found: 'not at the service',
  out_of_stock: 'sold out',
  network_before_send: 'service unreachable',
  auth: 'credentials refused',
  validation: 'refused by the service',
};

/** What the entry is about: a sale's reference rather than its record id, a person by name. */
export function subjectWords(entry: AuditView, names: ReadonlyMap<string, string>): string {
  const reference = entry.details.reference;
  if (typeof reference === 'string') return reference;
  if (entry.subject && names.has(entry.subject)) return names.get(entry.subject)!;
  return entry.subject ?? '';
}

/** The details a manager reads, in words (times on the store's clock); the reference is already the subject. */
export function detailWords(entry: AuditView, timeZone: string): string {
  const d = entry.details;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(d)) {
    if (key === 'reference' || value === null || value === undefined || value === '') continue;
    const text = detail(key, value, timeZone);
    if (text) parts.push(text);
  }
  return parts.join(' · ');
}

function detail(key: string, value: unknown, timeZone: string): string {
  switch (key) {
    case 'partnerCode':
      return `eSIM service code ${String(value)}`;
    case 'code':
      if (typeof value === 'string' && value.startsWith('partner_')) return `eSIM service code ${value.slice(8)}`;
      return FAILURE_WORDS[String(value)] ?? String(value);
    case 'keys':
      return `changed: ${String(value)
        .split(',')
        .map((k) => SETTING_WORDS[k.trim()] ?? k.trim())
        .join(', ')}`;
    case 'reason':
      return (
        (REFUND_REASON_WORDS as Readonly<Record<string, string>>)[String(value)] ?? REFUSAL_WORDS[String(value)] ?? String(value)
      );
    case 'until':
      return typeof value === 'string' ? `until ${clockOrDate(value, timeZone)}` : '';
    case 'minutes':
      return `for ${String(value)} min`;
    case 'lockCount':
      return Number(value) > 1 ? `lock ${String(value)} in a row` : '';
    case 'paused':
      return PAUSED_WORDS[String(value)] ?? String(value);
    case 'askerFailures':
      return `wrong PINs by the one asking: ${String(value)}`;
    case 'approverFailures':
      return `wrong PINs naming this manager: ${String(value)}`;
    case 'approvalsPaused':
      return value ? 'approvals were paused' : '';
    case 'esims':
      return `${String(value)} eSIM${value === 1 ? '' : 's'}`;
    case 'iccids':
      return `${String(value)} ICCID${value === 1 ? '' : 's'}`;
    case 'orderCode':
      return `order ${String(value)}`;
    case 'packageId':
      return `package ${String(value)}`;
    case 'luhnValid':
      return value ? 'check digit right' : 'check digit wrong (confirmed)';
    case 'wasLocked':
      return value ? 'was locked' : '';
    case 'refused':
      return value ? 'refused by the service' : '';
    case 'via':
      return value === 'command_line' ? 'with npm run admin' : String(value);
    case 'user':
      return `computer user ${String(value)}`;
    case 'from':
    case 'to':
      return `${key} ${String(value)}`;
    default:
      return `${humanKey(key)}: ${typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value)}`;
  }
}

/** "failedAttempts" → "failed attempts". */
function humanKey(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
