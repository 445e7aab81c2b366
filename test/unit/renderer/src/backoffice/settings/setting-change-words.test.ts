import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadBackOfficeWords, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { UI_NAMESPACES } from '../../../../../../renderer/src/i18n/locales/en/index.ts';
import { detailWords } from '../../../../../../renderer/src/backoffice/audit/audit-words.ts';
import {
  settingChangeWords,
  settingValueWords,
} from '../../../../../../renderer/src/backoffice/settings/setting-change-words.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { AuditView } from '../../../../../../shared/manager.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));
afterEach(() => i18n.changeLanguage('en'));

const changed = (details: Record<string, unknown>): AuditView => ({
  seq: 1,
  at: '2026-11-22T07:00:00.000Z',
  actorStaffId: null,
  actorName: null,
  action: 'settings.changed',
  subject: null,
  details,
});

describe('a settings change in words', () => {
  it('names each setting with its old and new value, instead of only the names', () => {
    const entry = changed({
      keys: 'idleLockMinutes,storeName',
      changes: { idleLockMinutes: { from: 5, to: 30 }, storeName: { from: 'eSIM Counter', to: 'Harbour eSIM' } },
    });
    expect(detailWords(entry, 'UTC')).toBe('screen lock: 5 min → 30 min · store name: eSIM Counter → Harbour eSIM');
  });

  it('writes rules, money, tax and printer as the settings screens do, and an empty value as none', () => {
    expect(settingValueWords('priceRule', { kind: 'markup', percent: 50, ending: 'none' })).toBe('Our cost + 50%');
    expect(settingValueWords('balanceFloor', { minor: 2500, currency: 'EUR' })).toBe('€25.00');
    expect(settingValueWords('balanceFloor', null)).toBe('none');
    expect(settingValueWords('storeAddress', '')).toBe('none');
    expect(settingValueWords('tax', { mode: 'added', percent: 8.875, label: 'Sales tax' })).toBe('Sales tax 8.875% added');
    expect(settingValueWords('tax', { mode: 'included', percent: 0, label: '' })).toBe('no tax');
    expect(settingValueWords('printer', { printerName: 'EPSON', paper: 'a4', silent: true })).toBe('EPSON, A4, without asking');
  });

  it('says where receipts went before and after a thermal printer changed, and a test page’s outcome', () => {
    const printer = (connection: unknown) => ({
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection, width: 80, cashDrawer: false },
    });
    const words = settingChangeWords({
      printer: {
        from: printer({ kind: 'network', host: '192.168.1.50', port: 9100 }),
        to: printer({ kind: 'device', path: '/dev/usb/lp0' }),
      },
    });
    expect(words).toContain('receipts to 192.168.1.50:9100, 80 mm');
    expect(words).toContain('receipts to /dev/usb/lp0, 80 mm');
    const test = (details: Record<string, unknown>): AuditView => ({
      ...changed(details),
      action: 'print.tested',
      subject: '192.0.2.7:22',
    });
    expect(detailWords(test({ printer: '192.0.2.7:22', saved: false, printed: false, portRefused: true }), 'UTC')).toBe(
      'to an address not saved yet · not sent: not a printer’s port',
    );
    expect(detailWords(test({ printer: '192.0.2.7:22', saved: true, printed: false, problem: 'refused' }), 'UTC')).toContain(
      'The printer at 192.0.2.7:22 does not answer.',
    );
  });

  it('still reads an entry written before values were logged', () => {
    expect(detailWords(changed({ keys: 'storeName' }), 'UTC')).toBe('changed: store name');
  });

  it('speaks the manager’s language', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(settingChangeWords({ idleLockMinutes: { from: 5, to: 15 } })).toBe('Bildschirmsperre: 5 Min. → 15 Min.');
  });
});
