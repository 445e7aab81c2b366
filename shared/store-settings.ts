/**
 * Every setting of the store a manager reads and changes, declared once: its name (in the contract,
 * on the settings screen and in the audit log), the key the journal stores it under (journals in
 * shops hold these keys: they never change), the rule of what is stored, its value when never set,
 * and the rule of what a change may send where that differs from what is stored.
 *
 * The type `StoreSettings`, the `settings.update` input, the journal's reads and writes
 * (electron/backend/settings/service.ts) and the audit entry's keys derive from this table: a new setting
 * is one line here plus its words (the audit log's `setting.<name>` and the settings screen's).
 */
import { z } from 'zod';
import { isValidTimeZone, machineTimeZone } from './clock.ts';
import { machineLocale } from './languages.ts';
import { DEFAULT_PRICE_RULE, NO_TAX } from './pricing.ts';
import { DEFAULT_TRIP_USES } from './trips.ts';
import {
  currencyCode,
  DEFAULT_PRINTER_SETTINGS,
  idleLockMinutesSchema,
  lowDataEmailSchema,
  moneyInput,
  DEFAULT_OFFLINE_SALES,
  offlineSalesSchema,
  printerSettingsSchema,
  priceRuleSchema,
  storeAddressSchema,
  storedPrinterSettingsSchema,
  storeLocaleSchema,
  storeNameSchema,
  storeTaxIdSchema,
  taxRuleSchema,
  tripUsesSchema,
  updateFeedSchema,
} from './settings.ts';

export type SettingDefinition<S extends z.ZodType = z.ZodType, I extends z.ZodType | null = z.ZodType | null> = {
  /** Dotted camelCase, unique: the journal's row. */
  readonly key: string;
  /** What the journal holds; a stored value it refuses stops the read rather than reverting in silence. */
  readonly schema: S;
  readonly fallback: z.output<S>;
  /** What `settings.update` accepts for it; null: changed through a method of its own, never there. */
  readonly input: I;
};

export function setting<S extends z.ZodType, I extends z.ZodType | null = S>(
  key: string,
  schema: S,
  fallback: z.output<S>,
  input?: I,
): SettingDefinition<S, I> {
  return { key, schema, fallback, input: (input === undefined ? schema : input) as I };
}

export const STORE_SETTINGS = {
  storeName: setting('store.name', storeNameSchema, 'eSIM Counter'),
  storeAddress: setting('store.address', storeAddressSchema, ''),
  /** Printed under the address on vouchers, receipts and Z reports; '' for none. */
  taxId: setting('store.taxId', storeTaxIdSchema, ''),
  /**
   * The zone the store's days are counted in (reports, the close): the machine's own until a manager
   * says otherwise. A name this machine's Intl does not know is refused in words by the service.
   */
  timeZone: setting(
    'store.timeZone',
    z.string().refine(isValidTimeZone, 'not a time zone'),
    machineTimeZone(),
    z.string().max(64),
  ),
  /** The store's locale (BCP 47): 12- or 24-hour times and the order of dates, on every screen and printout. */
  locale: setting('store.locale', storeLocaleSchema, machineLocale()),
  /** The store's currency (ISO 4217), chosen at first-run setup: prices are converted into it; what was sold keeps its own. */
  currency: setting('store.currency', currencyCode, 'USD', z.string().trim().toUpperCase().pipe(currencyCode)),
  /** Minutes without activity before the counter locks itself. */
  idleLockMinutes: setting('session.idleLockMinutes', idleLockMinutesSchema, 5),
  /** How the counter prices packages: the recommended retail price, or net plus a markup. */
  priceRule: setting('pricing.rule', priceRuleSchema, DEFAULT_PRICE_RULE),
  /** VAT or sales tax: in the shelf price or added at checkout, at what rate, under what name. */
  tax: setting('store.tax', taxRuleSchema, NO_TAX),
  /** Below this partner balance the counter stops selling, so a sale never fails for want of credit; null for no floor. */
  balanceFloor: setting('balance.floor', moneyInput.nullable(), null),
  /** A close's difference (any tender) above this needs the manager's reason; null: never asked. */
  closeReasonThreshold: setting('close.reasonThreshold', moneyInput.nullable(), null),
  /** The back-office address for the service's low-data e-mails (never a customer's): set where the service is told. */
  lowDataEmail: setting('notifications.lowDataEmail', lowDataEmailSchema, null, null),
  /**
   * Where vouchers print. Read back under the rules of when it was saved (a file's path once was a
   * printer: a journal holding one must still open); a change meets today's.
   */
  printer: setting('printer', storedPrinterSettingsSchema, DEFAULT_PRINTER_SETTINGS, printerSettingsSchema),
  /** The trip planner's data a day for each way a customer uses data (Sell → Plan a trip). */
  tripUses: setting('trips.uses', tripUsesSchema, DEFAULT_TRIP_USES),
  /** Sales taken while the service is away, delivered by e-mail once it answers: on or off, caps, hours. */
  offlineSales: setting('sales.offline', offlineSalesSchema, DEFAULT_OFFLINE_SALES),
  /** The store's own update feed for the desktop app; null for the vendor's. */
  updateFeed: setting('updates.feedUrl', updateFeedSchema, null),
};

export type StoreSettingName = keyof typeof STORE_SETTINGS;

export type StoreSettings = { readonly [K in StoreSettingName]: z.output<(typeof STORE_SETTINGS)[K]['schema']> };

type ChangeableName = { [K in StoreSettingName]: (typeof STORE_SETTINGS)[K]['input'] extends null ? never : K }[StoreSettingName];

export type SettingDefinitions = Readonly<Record<string, SettingDefinition>>;

/** The names of a table a manager changes through `settings.update`, in the table's order. */
export function changeableOf(definitions: SettingDefinitions): string[] {
  return Object.keys(definitions).filter((name) => definitions[name]!.input !== null);
}

/** A table's `settings.update` input: any of its changeable settings, nothing else. */
export function changeSchemaOf(definitions: SettingDefinitions) {
  return z.strictObject(
    Object.fromEntries(changeableOf(definitions).map((name) => [name, definitions[name]!.input!.optional()])),
  );
}

type ChangeShape = { [K in ChangeableName]: z.ZodOptional<NonNullable<(typeof STORE_SETTINGS)[K]['input']>> };

/** `settings.update`'s input. */
export const settingsChangeSchema = changeSchemaOf(STORE_SETTINGS) as unknown as z.ZodObject<ChangeShape, z.core.$strict>;
