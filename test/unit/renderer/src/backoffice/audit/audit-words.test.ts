import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadBackOfficeWords, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { UI_NAMESPACES } from '../../../../../../renderer/src/i18n/locales/en/index.ts';
import { actionWords, detailWords, subjectWords } from '../../../../../../renderer/src/backoffice/audit/audit-words.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import { startOfLocalDay, today } from '../../../../../../shared/clock.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { AuditView } from '../../../../../../shared/manager.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

// A store in Britain: a 24-hour clock.
beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));
afterEach(() => i18n.changeLanguage('en'));

const entry = (action: string, details: Record<string, unknown>, subject: string | null = null): AuditView => ({
  seq: 1,
  at: '2026-11-22T07:00:00.000Z',
  actorStaffId: null,
  actorName: null,
  action,
  subject,
  details,
});

describe('the audit log in words', () => {
  it('names the actions, and still reads one it does not know', () => {
    expect(actionWords('sale.completed')).toBe('Sale completed');
    expect(actionWords('staff.pin_reset')).toBe('PIN reset');
    expect(actionWords('rpc.refused')).toBe('Refused: not allowed');
    expect(actionWords('printer.jammed_twice')).toBe('Printer jammed twice');
    expect(actionWords('journal.backed_up')).toBe('Journal backed up');
    expect(actionWords('backup.restore_scheduled')).toBe('Restore scheduled for the next start');
    expect(actionWords('backup.restored')).toBe('Backup restored at the start');
    expect(actionWords('admin.unlocked')).toBe('Account unlocked at the machine');
    expect(actionWords('audit.reanchored')).toBe('Audit log re-anchored by the owner');
    expect(actionWords('admin.reanchor_refused')).toBe('Re-anchoring refused');
  });

  it('shows a sale by its reference and a person by name, never a record id', () => {
    const sale = entry('sale.completed', { reference: 'EC-20261122-WQGQDB8S', esims: 1 }, '93632a73-40d8-4994');
    expect(subjectWords(sale, new Map())).toBe('EC-20261122-WQGQDB8S');
    const staff = entry('staff.pin_reset', { wasLocked: false }, 'id-sam');
    expect(subjectWords(staff, new Map([['id-sam', 'Sam Seller']]))).toBe('Sam Seller');
    expect(subjectWords(entry('day.closed', {}, '2026-11-22'), new Map())).toBe('2026-11-22');
  });

  it('says the details a manager needs, without codes and JSON', () => {
    expect(detailWords(entry('sale.completed', { reference: 'EC-1', orderCode: '20261122-009609', esims: 2 }), 'UTC')).toBe(
      'order 20261122-009609 · 2 eSIMs',
    );
    // A top-up makes no eSIM: its completion (once written with 0) says only its order.
    expect(detailWords(entry('topup.completed', { reference: 'TU-1', orderCode: '20261122-009610', esims: 0 }), 'UTC')).toBe(
      'order 20261122-009610',
    );
    expect(detailWords(entry('sale.failed', { reference: 'EC-1', code: 'partner_11' }), 'UTC')).toBe('eSIM service code 11');
    expect(detailWords(entry('sale.failed', { code: 'out_of_stock' }), 'UTC')).toBe('sold out');
    expect(detailWords(entry('sale.failed', { code: 'low_credit' }), 'UTC')).toBe('shop’s credit too low');
    expect(detailWords(entry('admin.unlocked', { via: 'command_line', user: 'olga', wasLocked: true }), 'UTC')).toBe(
      'with npm run admin · computer user olga · was locked',
    );
    expect(detailWords(entry('settings.changed', { keys: 'storeName,idleLockMinutes' }), 'UTC')).toBe(
      'changed: store name, screen lock',
    );
    expect(detailWords(entry('refund.requested', { iccids: 1, reason: 'TRIP_CANCELLATION', refused: false }), 'UTC')).toBe(
      '1 ICCID · Trip cancelled',
    );
    expect(detailWords(entry('staff.pin_reset', { wasLocked: false }), 'UTC')).toBe('');
    expect(detailWords(entry('staff.sign_in_failed', { failedAttempts: 2 }), 'UTC')).toBe('failed attempts: 2');
  });

  it('words wrong PINs’ locks and approval pauses', () => {
    expect(actionWords('staff.approval_failed')).toBe('Wrong manager’s PIN in an approval');
    expect(actionWords('staff.approval_throttled')).toBe('Approvals paused after wrong PINs');
    expect(actionWords('staff.approval_refused')).toBe('Approval refused');
    // Today at 14:35 on the store's clock (Kolkata, +5:30), whatever this machine's zone.
    const zone = 'Asia/Kolkata';
    const until = new Date(startOfLocalDay(today(zone), zone) + (14 * 60 + 35) * 60_000);
    expect(
      detailWords(entry('staff.locked', { failedAttempts: 5, minutes: 30, until: until.toISOString(), lockCount: 2 }), zone),
    ).toBe('failed attempts: 5 · for 30 min · until 14:35 · lock 2 in a row');
    expect(
      detailWords(
        entry('staff.approval_throttled', { paused: 'asking', minutes: 15, until: until.toISOString(), lockCount: 1 }),
        zone,
      ),
    ).toBe('may not ask for approvals · for 15 min · until 14:35');
    expect(detailWords(entry('staff.approval_failed', { askerFailures: 3, approverFailures: 4 }), zone)).toBe(
      'wrong PINs by the one asking: 3 · wrong PINs naming this manager: 4',
    );
    expect(detailWords(entry('staff.approval_refused', { reason: 'approver_paused', until: until.toISOString() }), zone)).toBe(
      'approvals by this manager are paused · until 14:35',
    );
    expect(detailWords(entry('staff.sign_in_refused', { reason: 'locked' }), zone)).toBe('account locked after wrong PINs');
    expect(detailWords(entry('staff.unlocked', { wasLocked: false, failedAttempts: 0, approvalsPaused: true }), zone)).toBe(
      'failed attempts: 0 · approvals were paused',
    );
  });
});

describe('the audit log in the reader’s language', () => {
  it('says a staff member’s change of screen language in words, with the languages’ names', async () => {
    const changed = entry('staff.language_changed', { from: 'en', to: 'fr' }, 'id-sam');
    expect(actionWords(changed.action)).toBe('Screen language changed');
    expect(detailWords(changed, 'UTC')).toBe('from English · to French');
    await showLanguage('fr', UI_NAMESPACES);
    expect(actionWords(changed.action)).toBe('Langue d’affichage modifiée');
    expect(detailWords(changed, 'UTC')).toContain('français');
  });

  it('says actions and details in German, the codes and references as they are', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(actionWords('sale.completed')).toBe('Verkauf abgeschlossen');
    expect(actionWords('printer.jammed_twice')).toBe('Printer jammed twice');
    expect(detailWords(entry('sale.completed', { reference: 'EC-1', orderCode: '20261122-009609', esims: 2 }), 'UTC')).toBe(
      'Bestellung 20261122-009609 · 2 eSIMs',
    );
    expect(detailWords(entry('settings.changed', { keys: 'storeName,idleLockMinutes' }), 'UTC')).toBe(
      'geändert: Name des Geschäfts, Bildschirmsperre',
    );
    expect(detailWords(entry('refund.requested', { iccids: 1, reason: 'TRIP_CANCELLATION' }), 'UTC')).toBe(
      '1 ICCID · Reise storniert',
    );
  });
});

describe('vouchers, brands and the store’s e-mail settings in the audit log', () => {
  it('names what was done with vouchers and sold eSIMs, and which e-mail settings changed', async () => {
    expect(actionWords('vouchers.completed')).toBe('Vouchers made');
    expect(actionWords('vouchers.printed')).toBe('Gift cards printed');
    expect(actionWords('esim.brand_changed')).toBe('eSIM brand changed');
    expect(detailWords(entry('settings.changed', { keys: 'storeEmail,brands' }), 'Europe/London')).toBe(
      'changed: store address for copies, brands',
    );
    await showLanguage('de', UI_NAMESPACES);
    expect(actionWords('vouchers.printed')).toBe('Geschenkkarten gedruckt');
  });
});
