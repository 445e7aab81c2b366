import { statement } from '../journal/statements.ts';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { priceExceptionsSchema } from '../../../shared/settings.ts';
import {
  STORE_SETTINGS,
  type SettingDefinitions,
  type StoreSettingName,
  type StoreSettings,
} from '../../../shared/store-settings.ts';

/** One setting: its key, the schema its stored JSON must satisfy, and the value when unset. */
export type Setting<T> = { key: string; schema: z.ZodType<T>; fallback: T };

export class SettingInvalidError extends Error {
  override name = 'SettingInvalidError';
  readonly key: string;
  constructor(key: string, detail: string, options?: { cause?: unknown }) {
    super(`Setting ${key} is not valid: ${detail}`, options);
    this.key = key;
  }
}

const KEY_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/;

export function defineSetting<T>(key: string, schema: z.ZodType<T>, fallback: T): Setting<T> {
  if (!KEY_PATTERN.test(key)) throw new TypeError(`Setting key ${JSON.stringify(key)} must be dotted camelCase`);
  // A fallback that its own schema refuses would only surface at the first read in a shop.
  const parsed = schema.safeParse(fallback);
  if (!parsed.success) throw new TypeError(`Fallback of setting ${key} does not match its schema`);
  return { key, schema, fallback };
}

/** The store's settings (shared/store-settings.ts), each as the journal reads and writes it. */
type StoreSettingRows = { readonly [K in StoreSettingName]: Setting<StoreSettings[K]> };

/** A table of settings (shared/store-settings.ts), each as the journal reads and writes it. */
export function settingRowsOf(definitions: SettingDefinitions): Record<string, Setting<unknown>> {
  return Object.fromEntries(Object.entries(definitions).map(([name, d]) => [name, defineSetting(d.key, d.schema, d.fallback)]));
}

/** The store's settings as the journal reads and writes them (SETTINGS holds them too). */
export const STORE_SETTING_ROWS = settingRowsOf(STORE_SETTINGS) as StoreSettingRows;

/** Every setting of the journal, with its schema and its value when never set. */
export const SETTINGS = {
  ...STORE_SETTING_ROWS,
  /** Exceptions to the store's rule, for a country's local packages and for single packages. */
  priceExceptions: defineSetting('pricing.exceptions', priceExceptionsSchema, { byCountry: {}, byPackage: {} }),
};

/**
 * The stored value, parsed; the fallback when never set. A stored value that no longer parses
 * throws rather than silently reverting: settings include prices and credentials' environment.
 */
export function getSetting<T>(db: Database.Database, setting: Setting<T>): T {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(setting.key) as { value: string } | undefined;
  if (!row) return setting.fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(row.value);
  } catch (err) {
    throw new SettingInvalidError(setting.key, 'stored value is not JSON', { cause: err });
  }
  const parsed = setting.schema.safeParse(raw);
  if (!parsed.success) throw new SettingInvalidError(setting.key, z.prettifyError(parsed.error), { cause: parsed.error });
  return parsed.data;
}

/** Validates, then stores. Returns the value as parsed (with any schema defaults applied). */
export function setSetting<T>(db: Database.Database, setting: Setting<T>, value: T, at = new Date().toISOString()): T {
  const parsed = setting.schema.safeParse(value);
  if (!parsed.success) throw new SettingInvalidError(setting.key, z.prettifyError(parsed.error), { cause: parsed.error });
  statement(
    db,
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(setting.key, JSON.stringify(parsed.data), at);
  return parsed.data;
}

/** Back to the fallback. */
export function clearSetting(db: Database.Database, setting: { key: string }): void {
  statement(db, 'DELETE FROM settings WHERE key = ?').run(setting.key);
}

/**
 * Writes and removes a row of about `bytes` in one committed transaction: a journal whose disk
 * takes both can record a sale (journal/health.ts). The settings table holds it because
 * every journal has one, and the row never outlives the transaction.
 */
export function probeWrite(db: Database.Database, bytes: number, at: string): void {
  db.transaction(() => {
    statement(
      db,
      `INSERT INTO settings (key, value, updated_at) VALUES ('journal.probe', json_quote(hex(randomblob(?))), ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ).run(Math.ceil(bytes / 2), at);
    statement(db, `DELETE FROM settings WHERE key = 'journal.probe'`).run();
  })();
}
