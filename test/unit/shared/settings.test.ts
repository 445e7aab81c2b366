import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { methods } from '../../../shared/contract.ts';
import {
  DEFAULT_PRINTER_SETTINGS,
  idleLockMinutesSchema,
  lowDataEmailSchema,
  moneyInput,
  priceRuleSchema,
  printerSettingsSchema,
  storedPrinterSettingsSchema,
  storeAddressSchema,
  storeNameSchema,
  storeLocaleSchema,
  updateFeedSchema,
} from '../../../shared/settings.ts';
import { openJournalInMemory } from '../../../electron/backend/journal/open.ts';
import { getSetting, setSetting, SettingInvalidError, SETTINGS } from '../../../electron/backend/settings/db.ts';

type Wrapper = { unwrap(): z.ZodType };
const unwrapped = (schema: unknown): unknown => (schema as Wrapper).unwrap();
const update = methods['settings.update'].input.shape;

describe('settings schemas, one per setting', () => {
  it('are the very schemas the contract parses the settings screen with', () => {
    expect(unwrapped(update.priceRule)).toBe(priceRuleSchema);
    expect(unwrapped(update.printer)).toBe(printerSettingsSchema);
    expect(unwrapped(unwrapped(update.balanceFloor))).toBe(moneyInput);
    expect(unwrapped(update.storeName)).toBe(storeNameSchema);
    expect(unwrapped(update.storeAddress)).toBe(storeAddressSchema);
    expect(unwrapped(update.idleLockMinutes)).toBe(idleLockMinutesSchema);
    expect(methods['notifications.lowData'].input.shape.email).toBe(lowDataEmailSchema);
    expect(unwrapped(update.updateFeed)).toBe(updateFeedSchema);
    const counted = methods['close.commit'].input.shape.countedCash as unknown as { element: unknown };
    expect(counted.element).toBe(moneyInput);
  });

  it('and the very schemas the journal reads and writes them with', () => {
    expect(SETTINGS.priceRule.schema).toBe(priceRuleSchema);
    // Looser for what older versions stored (shared/settings.ts): a journal with a file's path still opens.
    expect(SETTINGS.printer.schema).toBe(storedPrinterSettingsSchema);
    expect(unwrapped(SETTINGS.balanceFloor.schema)).toBe(moneyInput);
    expect(SETTINGS.storeName.schema).toBe(storeNameSchema);
    expect(SETTINGS.storeAddress.schema).toBe(storeAddressSchema);
    expect(SETTINGS.idleLockMinutes.schema).toBe(idleLockMinutesSchema);
    expect(SETTINGS.lowDataEmail.schema).toBe(lowDataEmailSchema);
    expect(SETTINGS.updateFeed.schema).toBe(updateFeedSchema);
    expect(SETTINGS.printer.fallback).toEqual(DEFAULT_PRINTER_SETTINGS);
  });

  it('a value the contract accepts is stored and read back as it was', () => {
    const db = openJournalInMemory();
    const input = update.priceRule.parse({ kind: 'markup', percent: 12.5, ending: '99' });
    setSetting(db, SETTINGS.priceRule, input!);
    expect(getSetting(db, SETTINGS.priceRule)).toEqual({ kind: 'markup', percent: 12.5, ending: '99' });
    const printer = update.printer.parse({ printerName: ' EPSON ', paper: 'a4', silent: true });
    setSetting(db, SETTINGS.printer, printer!);
    expect(getSetting(db, SETTINGS.printer)).toEqual({ printerName: 'EPSON', paper: 'a4', silent: true, escpos: null });
    const thermal = update.printer.parse({
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'network', host: ' 192.168.1.50 ', port: 9100 }, width: 58, cashDrawer: true },
    });
    setSetting(db, SETTINGS.printer, thermal!);
    expect(getSetting(db, SETTINGS.printer).escpos).toEqual({
      connection: { kind: 'network', host: '192.168.1.50', port: 9100 },
      width: 58,
      cashDrawer: true,
    });
    setSetting(db, SETTINGS.balanceFloor, { minor: 5000, currency: 'EUR' });
    expect(getSetting(db, SETTINGS.balanceFloor)).toEqual({ minor: 5000, currency: 'EUR' });
  });

  it('printer settings stored by an older version (no thermal printer) still read, as the OS path', () => {
    const db = openJournalInMemory();
    db.prepare('INSERT INTO settings VALUES (?, ?, ?)').run(
      'printer',
      JSON.stringify({ printerName: 'EPSON TM-T20III', paper: 'receipt80', silent: true }),
      '2026-11-01T10:00:00Z',
    );
    expect(getSetting(db, SETTINGS.printer)).toEqual({
      printerName: 'EPSON TM-T20III',
      paper: 'receipt80',
      silent: true,
      escpos: null,
    });
  });

  it('refuse a thermal printer’s address with a scheme or spaces, a roll of another width, a device with no path', () => {
    const base = { printerName: null, paper: 'receipt80', silent: false } as const;
    const escpos = (connection: unknown, width = 80) =>
      printerSettingsSchema.safeParse({ ...base, escpos: { connection, width, cashDrawer: false } });
    expect(escpos({ kind: 'network', host: 'http://printer', port: 9100 }).success).toBe(false);
    expect(escpos({ kind: 'network', host: 'my printer', port: 9100 }).success).toBe(false);
    expect(escpos({ kind: 'network', host: 'printer.local', port: 70000 }).success).toBe(false);
    expect(escpos({ kind: 'network', host: 'fe80::1', port: 9100 }).success).toBe(true);
    expect(escpos({ kind: 'device', path: '/dev/usb/lp0' }, 76).success).toBe(false);
    expect(escpos({ kind: 'device', path: '  ' }).success).toBe(false);
    expect(escpos({ kind: 'device', path: 'COM3' }).success).toBe(true);
  });

  it('take an update feed on http or https only, or none', () => {
    expect(updateFeedSchema.parse('https://updates.example.com/esim-counter/')).toBe('https://updates.example.com/esim-counter/');
    expect(updateFeedSchema.parse('http://192.168.1.10/updates/')).toBe('http://192.168.1.10/updates/');
    expect(updateFeedSchema.parse(null)).toBeNull();
    for (const bad of ['file:///etc/', 'ftp://example.com/', 'updates.example.com', '']) {
      expect(updateFeedSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a corrupt stored value is refused with an error naming the setting, never replaced by the default', () => {
    const db = openJournalInMemory();
    const store = (key: string, value: unknown) =>
      db.prepare('INSERT OR REPLACE INTO settings VALUES (?, ?, ?)').run(key, JSON.stringify(value), '2026-11-22T10:00:00Z');
    store('pricing.rule', { kind: 'markup', percent: -5, ending: '99' });
    expect(() => getSetting(db, SETTINGS.priceRule)).toThrow(SettingInvalidError);
    expect(() => getSetting(db, SETTINGS.priceRule)).toThrow(/pricing\.rule.*percent/s);
    store('printer', { printerName: null, paper: 'letter', silent: false });
    expect(() => getSetting(db, SETTINGS.printer)).toThrow(/Setting printer is not valid/);
    store('balance.floor', { minor: 1.5, currency: 'EUR' });
    expect(() => getSetting(db, SETTINGS.balanceFloor)).toThrow(/Setting balance\.floor is not valid/);
    // A key the app never writes is not the app's: refused like any other corruption.
    store('printer', { ...DEFAULT_PRINTER_SETTINGS, copies: 3 });
    expect(() => getSetting(db, SETTINGS.printer)).toThrow(SettingInvalidError);
  });

  it('refuse what the settings screen must not send, naming the problem for the renderer to word', () => {
    const markup = priceRuleSchema.safeParse({ kind: 'markup', percent: -1, ending: 'none' });
    expect(markup.success).toBe(false);
    expect(markup.error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 0, path: ['percent'] });
    expect(priceRuleSchema.safeParse({ kind: 'markup', percent: 10.001, ending: 'none' }).success).toBe(false);
    expect(moneyInput.safeParse({ minor: 100, currency: 'eur' }).error?.issues[0]?.message).toBe('currency');
    expect(storeLocaleSchema.safeParse('no-such-place-at-all').error?.issues[0]?.message).toBe('locale');
    expect(lowDataEmailSchema.safeParse('nobody').error?.issues[0]?.message).toBe('email');
    expect(moneyInput.safeParse({ minor: -1, currency: 'EUR' }).success).toBe(false);
    expect(printerSettingsSchema.safeParse({ printerName: '', paper: 'a4', silent: false }).success).toBe(false);
  });
});
