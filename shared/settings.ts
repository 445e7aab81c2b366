/**
 * The rules for what a manager sets, once. The contract parses the settings screen's input with
 * these schemas and the journal (electron/backend/settings/db.ts) parses the stored value with the same
 * ones, so whatever one accepts the other reads back, and a rule changed here changes both.
 *
 * Objects are strict: an unknown key is refused at the contract, and the journal only ever stores
 * what these schemas produced, so one found there was not written by the app.
 */
import { z } from 'zod';
import { problem } from './errors.ts';
import { isPrinterDevicePath, isPrinterHost } from './printer-address.ts';

// Messages are field problems (shared/errors.ts), worded by the renderer in the reader's language.

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, problem('currency'));

/** An amount a manager enters (a balance floor, cash counted at the close): minor units, never negative. */
export const moneyInput = z.strictObject({ minor: z.number().int().min(0).max(1e12), currency: currencyCode });

/**
 * A price's ending: .99, .49 (or .99), .90 or a round .00 — of one unit for currencies with cents,
 * of a hundred for those without (¥1,990), so yen and won prices end the way their shops' do.
 */
export const ENDINGS = ['none', '99', '49', '90', '00'] as const;

export const priceRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('recommended') }),
  z.strictObject({
    kind: z.literal('markup'),
    // Two decimals at most: retailPrice (shared/pricing.ts) counts on it for exact integer arithmetic.
    percent: z.number().min(0).max(500).multipleOf(0.01),
    ending: z.enum(ENDINGS),
  }),
  /** A price the manager sets, in the store's currency; never below what the partner charges. */
  z.strictObject({ kind: z.literal('fixed'), price: moneyInput }),
]);

/** Exceptions to the store's rule: a country's local packages, and single packages (which win). */
export const priceExceptionsSchema = z.strictObject({
  byCountry: z.record(z.string().regex(/^[A-Z]{2}$/), priceRuleSchema),
  byPackage: z.record(z.string().min(1).max(120), priceRuleSchema),
});

/** Sales tax or VAT as the store's country has it: in the shelf price, or added at checkout. */
export const taxRuleSchema = z.strictObject({
  mode: z.enum(['included', 'added']),
  // Three decimals at most (8.875 %): shared/pricing.ts works in millionths.
  percent: z.number().min(0).max(100).multipleOf(0.001),
  /** What the receipt calls it: VAT, MwSt, TVA, GST, Sales tax… */
  label: z.string().trim().max(20),
});

export const PAPERS = ['receipt80', 'a4'] as const;
export const paperSchema = z.enum(PAPERS);

/** Thermal receipt rolls: 58 mm (32 characters a line) and 80 mm (48). */
export const RECEIPT_WIDTHS = [58, 80] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];
export const ESCPOS_PORT = 9100;

/**
 * How the counter reaches a thermal printer that takes ESC/POS: its network address (raw TCP, as
 * Epson, Star, Bixolon and most others answer on port 9100), or a device the OS names for it — a
 * USB printer (/dev/usb/lp0), a serial port (/dev/ttyUSB0, COM3) or a shared Windows printer
 * (\\localhost\Receipt). Never a file (shared/printer-address.ts).
 */
function printerSchemas(rules: { readonly host: z.ZodString; readonly path: z.ZodString }) {
  const connection = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('network'), host: rules.host, port: z.number().int().min(1).max(65535) }),
    z.strictObject({ kind: z.literal('device'), path: rules.path }),
  ]);
  const escpos = z.strictObject({
    connection,
    width: z.union([z.literal(58), z.literal(80)]),
    /** A cash drawer on the printer's drawer port, opened when a cash sale or top-up completes. */
    cashDrawer: z.boolean(),
  });
  /**
   * Where vouchers, receipts and Z reports print. Receipts go to the thermal printer in ESC/POS when
   * one is set (`escpos`), else through the OS driver like A4 (in browser mode, the browser's dialog).
   * `escpos` came later: settings stored before it have none and read as the OS path.
   */
  const printer = z.strictObject({
    /** The OS name of the printer; null for the system's choice. */
    printerName: z.string().trim().min(1).max(200).nullable(),
    paper: paperSchema,
    /** Print without the dialog (only when the named printer is installed). */
    silent: z.boolean(),
    escpos: escpos.nullable().default(null),
  });
  return { connection, escpos, printer };
}

const checked = printerSchemas({
  host: z.string().trim().min(1, problem('required')).max(253).refine(isPrinterHost, problem('printer_host')),
  path: z.string().trim().min(1, problem('required')).max(260).refine(isPrinterDevicePath, problem('printer_device')),
});
export const escposConnectionSchema = checked.connection;
export const escposSettingsSchema = checked.escpos;
export const printerSettingsSchema = checked.printer;

/**
 * The printer settings as the journal reads them back: the rules before a printer had to be a
 * device or a plain host. A journal that stored a file's path then must still open (a setting that
 * cannot be read stops the settings screen that would mend it, and every print); the transport
 * refuses such a path when it opens it, and the next save must meet the rules above.
 */
export const storedPrinterSettingsSchema = printerSchemas({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:_-]+$/),
  path: z.string().trim().min(1).max(260),
}).printer;

export type Paper = z.output<typeof paperSchema>;
export type PrinterSettings = Readonly<z.output<typeof printerSettingsSchema>>;
export type EscposSettings = Readonly<z.output<typeof escposSettingsSchema>>;
export type EscposConnection = Readonly<z.output<typeof escposConnectionSchema>>;
export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = { printerName: null, paper: 'receipt80', silent: false, escpos: null };

export const storeNameSchema = z.string().trim().min(1, problem('required')).max(80);
/**
 * The store's locale, a BCP 47 tag this runtime can format in ("de-DE", "en-US", "ja-JP"): it
 * decides the 12- or 24-hour clock and the order of a typed date.
 */
export const storeLocaleSchema = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1 && Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
    } catch {
      return false;
    }
  }, problem('locale'));

export const storeAddressSchema = z.string().trim().max(300);
/** The store's tax number (VAT ID, USt-IdNr., GST number…) as its receipts must show it; '' for none. */
export const storeTaxIdSchema = z.string().trim().max(40);
/**
 * Where the desktop app looks for its updates (electron-builder's "generic" feed: latest.yml and the
 * installers), when the store sets its own; null: the vendor's feed built into the app, if any.
 * Plain http is allowed (a shop's own server): what is installed must carry the vendor's signature.
 */
export const updateFeedSchema = z
  .url({ protocol: /^https?$/, error: problem('invalid') })
  .max(500)
  .nullable();
/** Minutes without activity before the counter locks itself. */
export const idleLockMinutesSchema = z.number().int().min(1).max(120);
/** The back-office address for the service's low-data e-mails (never a customer's); null for none. */
export const lowDataEmailSchema = z.email(problem('email')).nullable();

/** MB a day, as a manager sets a use's figure: 100 GB a day is more than any package holds. */
const mbPerDay = z.number().int(problem('not_whole')).min(1, problem('too_small')).max(100_000, problem('too_big'));
/** The trip planner's MB a day per use (shared/trips.ts TripUses). */
export const tripUsesSchema = z.strictObject({ light: mbPerDay, everyday: mbPerDay, heavy: mbPerDay });

/**
 * Sales taken while the service cannot be reached, their eSIMs e-mailed once it answers: allowed or
 * not, the most one sale and all waiting sales together may come to (null: no cap), and the hours
 * within which a waiting sale must be placed, else it is refused and listed for a refund.
 */
export const offlineSalesSchema = z.strictObject({
  enabled: z.boolean(),
  maxPerSale: moneyInput.nullable(),
  maxTotal: moneyInput.nullable(),
  hours: z.number().int(problem('not_whole')).min(1, problem('too_small')).max(72, problem('too_big')),
});
export type OfflineSalesSettings = z.output<typeof offlineSalesSchema>;
export const DEFAULT_OFFLINE_SALES: OfflineSalesSettings = { enabled: false, maxPerSale: null, maxTotal: null, hours: 24 };
