import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { getSetting, SettingInvalidError, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import { createSettingsService } from '../../../../../electron/backend/settings/service.ts';
import { createStaffService, MIN_SCRYPT_N } from '../../../../../electron/backend/staff/service.ts';
import { AppFailure } from '../../../../../shared/errors.ts';

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});

describe('the settings service', () => {
  it('answers the defaults of a new journal', () => {
    const settings = createSettingsService(db);
    expect(settings.store()).toEqual({
      storeName: 'eSIM Counter',
      storeAddress: '',
      taxId: '',
      timeZone: getSetting(db, SETTINGS.timeZone),
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
      currency: 'USD',
      idleLockMinutes: 5,
      priceRule: { kind: 'recommended' },
      tax: { mode: 'included', percent: 0, label: '' },
      balanceFloor: null,
      closeReasonThreshold: null,
      lowDataEmail: null,
      printer: { printerName: null, paper: 'receipt80', silent: false, escpos: null },
      tripUses: { light: 250, everyday: 1024, heavy: 3072 },
      offlineSales: { enabled: false, maxPerSale: null, maxTotal: null, hours: 24 },
      updateFeed: null,
    });
  });

  it('writes a change, tells the running idle lock, and audits each changed setting with its old and new value', async () => {
    const created = await createStaffService(db, { scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 } }).create(
      { name: 'Maria', role: 'manager', pin: '2468' },
      null,
    );
    if (!created.ok) throw new Error(created.error.message);
    const manager = created.value.id;
    const onIdleLockChanged = vi.fn();
    const settings = createSettingsService(db, { onIdleLockChanged });
    const after = settings.update(
      {
        storeAddress: '1 Harbour Street',
        taxId: 'DE123456789',
        idleLockMinutes: 15,
        priceRule: { kind: 'markup', percent: 20, ending: '99' },
        printer: { printerName: 'EPSON', paper: 'a4', silent: true, escpos: null },
        updateFeed: 'https://updates.example.com/esim-counter/',
      },
      manager,
    );
    expect(after).toMatchObject({
      storeAddress: '1 Harbour Street',
      taxId: 'DE123456789',
      idleLockMinutes: 15,
      priceRule: { kind: 'markup', percent: 20, ending: '99' },
      printer: { printerName: 'EPSON', paper: 'a4', silent: true, escpos: null },
      updateFeed: 'https://updates.example.com/esim-counter/',
    });
    expect(settings.store()).toEqual(after);
    expect(settings.priceRule()).toEqual({ kind: 'markup', percent: 20, ending: '99' });
    expect(settings.printer()).toEqual({ printerName: 'EPSON', paper: 'a4', silent: true, escpos: null });
    expect(onIdleLockChanged).toHaveBeenCalledExactlyOnceWith(15);
    const [entry] = listAudit(db, { actionPrefix: 'settings.changed' });
    expect(entry).toMatchObject({
      actorStaffId: manager,
      details: {
        keys: 'storeAddress,taxId,idleLockMinutes,priceRule,printer,updateFeed',
        changes: {
          storeAddress: { from: '', to: '1 Harbour Street' },
          taxId: { from: '', to: 'DE123456789' },
          idleLockMinutes: { from: 5, to: 15 },
          priceRule: { from: { kind: 'recommended' }, to: { kind: 'markup', percent: 20, ending: '99' } },
          printer: {
            from: { printerName: null, paper: 'receipt80', silent: false, escpos: null },
            to: { printerName: 'EPSON', paper: 'a4', silent: true, escpos: null },
          },
          updateFeed: { from: null, to: 'https://updates.example.com/esim-counter/' },
        },
      },
    });
  });

  it('logs only the settings whose value changed, and nothing when none did', () => {
    const settings = createSettingsService(db);
    settings.update({ idleLockMinutes: 5, storeName: 'Harbour eSIM' }, null as unknown as string);
    settings.update({ idleLockMinutes: 5 }, null as unknown as string);
    const entries = listAudit(db, { actionPrefix: 'settings.changed' });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({
      keys: 'storeName',
      changes: { storeName: { from: 'eSIM Counter', to: 'Harbour eSIM' } },
    });
  });

  it('refuses a time zone this machine does not know, in words, and changes nothing', () => {
    const onIdleLockChanged = vi.fn();
    const settings = createSettingsService(db, { onIdleLockChanged });
    const attempt = () => settings.update({ timeZone: 'Mars/Olympus', idleLockMinutes: 9 }, 'manager-1');
    expect(attempt).toThrow(AppFailure);
    expect(attempt).toThrow(/not a time zone/);
    expect(settings.store().idleLockMinutes).toBe(5);
    expect(onIdleLockChanged).not.toHaveBeenCalled();
    expect(listAudit(db, { actionPrefix: 'settings.changed' })).toEqual([]);
  });

  it('refuses to read a corrupt stored setting rather than fall back to the default', () => {
    db.prepare('INSERT INTO settings VALUES (\'pricing.rule\', \'{"kind":"markup","percent":"lots"}\', \'x\')').run();
    const settings = createSettingsService(db);
    expect(() => settings.priceRule()).toThrow(SettingInvalidError);
    expect(() => settings.store()).toThrow(/Setting pricing\.rule is not valid/);
  });
});
