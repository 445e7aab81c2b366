/**
 * The store's settings as the rest of the backend reads them and a manager changes them. A change
 * is written in one transaction, the running counter follows it at once (the idle lock), and the
 * audit log records which settings changed, not their values: an address or a printer's name has
 * no place in a log every manager reads.
 */
import type Database from 'better-sqlite3';
import type { ParsedInputOf } from '../../shared/contract.ts';
import { AppFailure } from '../../shared/errors.ts';
import type { StoreSettings } from '../../shared/manager.ts';
import type { PriceRule } from '../../shared/pricing.ts';
import type { PrinterSettings } from '../../shared/settings.ts';
import { appendAudit } from '../db/audit.ts';
import { getSetting, setSetting, SETTINGS } from '../db/settings.ts';
import { isValidTimeZone } from '../../shared/clock.ts';

export type SettingsChange = ParsedInputOf<'settings.update'>;

export type SettingsServiceOptions = {
  /** Told of a new idle lock inside the change's transaction, so the running lock never lags the stored one. */
  readonly onIdleLockChanged?: (minutes: number) => void;
};

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: Database.Database, options: SettingsServiceOptions = {}) {
  const timeZone = (): string => getSetting(db, SETTINGS.storeTimeZone);

  function store(): StoreSettings {
    return {
      storeName: getSetting(db, SETTINGS.storeName),
      storeAddress: getSetting(db, SETTINGS.storeAddress),
      timeZone: timeZone(),
      locale: getSetting(db, SETTINGS.storeLocale),
      idleLockMinutes: getSetting(db, SETTINGS.idleLockMinutes),
      priceRule: getSetting(db, SETTINGS.priceRule),
      balanceFloor: getSetting(db, SETTINGS.balanceFloor),
      lowDataEmail: getSetting(db, SETTINGS.lowDataEmail),
      printer: getSetting(db, SETTINGS.printer),
    };
  }

  function update(change: SettingsChange, actorStaffId: string): StoreSettings {
    // The schema cannot know the zones this machine's Intl has; the manager is told in words.
    if (change.timeZone !== undefined && !isValidTimeZone(change.timeZone)) {
      throw new AppFailure('bad_input', `“${change.timeZone}” is not a time zone. Use a name such as Europe/Berlin.`, {
        fields: { timeZone: 'time_zone' },
      });
    }
    db.transaction(() => {
      if (change.storeName !== undefined) setSetting(db, SETTINGS.storeName, change.storeName);
      if (change.storeAddress !== undefined) setSetting(db, SETTINGS.storeAddress, change.storeAddress);
      if (change.timeZone !== undefined) setSetting(db, SETTINGS.storeTimeZone, change.timeZone);
      if (change.locale !== undefined) setSetting(db, SETTINGS.storeLocale, change.locale);
      if (change.priceRule !== undefined) setSetting(db, SETTINGS.priceRule, change.priceRule);
      if (change.balanceFloor !== undefined) setSetting(db, SETTINGS.balanceFloor, change.balanceFloor);
      if (change.printer !== undefined) setSetting(db, SETTINGS.printer, change.printer);
      if (change.idleLockMinutes !== undefined) {
        setSetting(db, SETTINGS.idleLockMinutes, change.idleLockMinutes);
        options.onIdleLockChanged?.(change.idleLockMinutes);
      }
    })();
    appendAudit(db, { action: 'settings.changed', actorStaffId, details: { keys: Object.keys(change).join(',') } });
    return store();
  }

  return {
    store,
    update,
    timeZone,
    storeName: (): string => getSetting(db, SETTINGS.storeName),
    locale: (): string => getSetting(db, SETTINGS.storeLocale),
    currency: (): string => getSetting(db, SETTINGS.storeCurrency),
    priceRule: (): PriceRule => getSetting(db, SETTINGS.priceRule),
    printer: (): PrinterSettings => getSetting(db, SETTINGS.printer),
  };
}
