/**
 * The store's settings as the rest of the backend reads them and a manager changes them. A change
 * is written in one transaction, the running counter follows it at once (the idle lock), and the
 * audit log records each setting that changed with its old and new value, so a manager can tell
 * who moved the screen lock from 5 to 30 minutes. None of these settings is a secret (the partner's
 * credentials live elsewhere and are never logged).
 */
import type Database from 'better-sqlite3';
import type { ParsedInputOf } from '../../../shared/contract.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { changeableOf, STORE_SETTINGS, type SettingDefinitions, type StoreSettings } from '../../../shared/store-settings.ts';
import type { PriceRule, PriceRules, TaxRule } from '../../../shared/pricing.ts';
import type { PrinterSettings } from '../../../shared/settings.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { getSetting, setSetting, settingRowsOf, SETTINGS, STORE_SETTING_ROWS, type Setting } from './db.ts';
import { isValidTimeZone } from '../../../shared/clock.ts';

export type SettingsChange = ParsedInputOf<'settings.update'>;

export type SettingsServiceOptions = {
  /** Told of a new idle lock inside the change's transaction, so the running lock never lags the stored one. */
  readonly onIdleLockChanged?: (minutes: number) => void;
  /** Told after a new store currency is stored: its exchange rate is fetched. */
  readonly onCurrencyChanged?: (currency: string) => void;
  /** The table of settings (default: the store's); a test adds one to show a setting is one line there. */
  readonly definitions?: SettingDefinitions;
};

/** Each asked-for setting whose value really changed, with the value before and after. */
export function settingChanges(
  before: StoreSettings,
  after: StoreSettings,
  keys: readonly (keyof SettingsChange)[],
): Record<string, { from: JsonValue; to: JsonValue }> {
  const changes: Record<string, { from: JsonValue; to: JsonValue }> = {};
  for (const key of keys) {
    if (!(key in before)) continue;
    // Settings are stored as JSON, so they are JSON values.
    const from = (before[key as keyof StoreSettings] ?? null) as JsonValue;
    const to = (after[key as keyof StoreSettings] ?? null) as JsonValue;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: Database.Database, options: SettingsServiceOptions = {}) {
  const timeZone = (): string => getSetting(db, SETTINGS.timeZone);

  const definitions = options.definitions ?? STORE_SETTINGS;
  const rows: Readonly<Record<string, Setting<unknown>>> = options.definitions
    ? settingRowsOf(options.definitions)
    : STORE_SETTING_ROWS;
  const changeable = changeableOf(definitions);

  function store(): StoreSettings {
    return Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, getSetting(db, row)])) as StoreSettings;
  }

  function update(change: SettingsChange, actorStaffId: string): StoreSettings {
    // The schema cannot know the zones this machine's Intl has; the manager is told in words.
    if (change.timeZone !== undefined && !isValidTimeZone(change.timeZone)) {
      throw new AppFailure('bad_input', `“${change.timeZone}” is not a time zone. Use a name such as Europe/Berlin.`, {
        fields: { timeZone: 'time_zone' },
      });
    }
    if (change.currency !== undefined && !Intl.supportedValuesOf('currency').includes(change.currency)) {
      throw new AppFailure('bad_input', `${change.currency} is not a currency code.`, { fields: { currency: 'currency' } });
    }
    const currencyBefore = getSetting(db, SETTINGS.currency);
    const before = store();
    db.transaction(() => {
      for (const name of changeable) {
        const value = (change as Record<string, unknown>)[name];
        if (value !== undefined) setSetting(db, rows[name]!, value);
      }
      if (change.idleLockMinutes !== undefined) options.onIdleLockChanged?.(change.idleLockMinutes);
    })();
    const changes = settingChanges(before, store(), Object.keys(change) as (keyof SettingsChange)[]);
    if (Object.keys(changes).length > 0) {
      appendAudit(db, { action: 'settings.changed', actorStaffId, details: { keys: Object.keys(changes).join(','), changes } });
    }
    if (change.currency !== undefined && change.currency !== currencyBefore) options.onCurrencyChanged?.(change.currency);
    return store();
  }

  /** What `settings.update` takes, as stored now: an export that an import on any counter puts back. */
  function exported(): SettingsChange {
    const now = store() as Record<string, unknown>;
    return Object.fromEntries(changeable.map((name) => [name, now[name]])) as SettingsChange;
  }

  return {
    store,
    update,
    exported,
    timeZone,
    storeName: (): string => getSetting(db, SETTINGS.storeName),
    locale: (): string => getSetting(db, SETTINGS.locale),
    currency: (): string => getSetting(db, SETTINGS.currency),
    priceRule: (): PriceRule => getSetting(db, SETTINGS.priceRule),
    tax: (): TaxRule => getSetting(db, SETTINGS.tax),
    priceRules: (): PriceRules => ({ default: getSetting(db, SETTINGS.priceRule), ...getSetting(db, SETTINGS.priceExceptions) }),
    /** Sets (or, with null, removes) the exception for a country's local packages or for one package. */
    setPriceException(scope: 'country' | 'package', target: string, rule: PriceRule | null, actorStaffId: string): PriceRules {
      db.transaction(() => {
        const current = getSetting(db, SETTINGS.priceExceptions);
        const key = scope === 'country' ? 'byCountry' : 'byPackage';
        // Only the exception's own entry: a package id like "constructor" names no inherited one.
        const before = Object.hasOwn(current[key], target) ? current[key][target] : undefined;
        const { [target]: _dropped, ...others } = current[key];
        setSetting(db, SETTINGS.priceExceptions, { ...current, [key]: rule ? { ...others, [target]: rule } : others });
        appendAudit(db, {
          action: 'pricing.exception_changed',
          actorStaffId,
          subject: `${scope}:${target}`,
          details: { from: before ?? null, to: rule },
        });
      })();
      return { default: getSetting(db, SETTINGS.priceRule), ...getSetting(db, SETTINGS.priceExceptions) };
    },
    printer: (): PrinterSettings => getSetting(db, SETTINGS.printer),
  };
}
