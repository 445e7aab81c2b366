/**
 * The one contract between the renderer and the backend. Each method is declared once here — name,
 * input schema, output type, role — and everything else is derived from it: the preload API, the
 * main-process handlers, the browser-mode routes and the renderer's typed client.
 */
import { z } from 'zod';
import type { CountryOption, PackageOffer } from './catalog.ts';
import type { DisplayState } from './display.ts';
import { problem } from './errors.ts';
import type { PrintResult } from './printing.ts';
import { currencyCode, paperSchema, storeLocaleSchema, storeNameSchema } from './settings.ts';
import type { DeviceMatch, InstallSteps, UsageReading } from './esims.ts';
import { historyMethods } from './contract-history.ts';
import { devicesMethods } from './contract-devices.ts';
import { brandNameSchema, sharingSchema } from './delivery-schemas.ts';
import { extrasMethods } from './contract-extras.ts';
import { ordersMethods } from './contract-orders.ts';
import { GROUP_MAX_QUANTITY } from './orders.ts';
import { MAX_VOUCHERS } from './vouchers.ts';
import { countryCode, iccidInput, method, none, pin, staffName } from './contract-base.ts';
import { backOfficeMethods } from './contract-backoffice.ts';
import { CUSTOMER_LANGUAGES, UI_LANGUAGES, type CustomerLanguage, type UiLanguage } from './languages.ts';
import type { TaxRule } from './pricing.ts';
import type { AuditView, StaffMember } from './manager.ts';
import { reportsMethods } from './contract-reports.ts';
import {
  PAYMENT_METHODS,
  type OrderHold,
  type PendingSales,
  type SaleStatus,
  type SalesReadiness,
  type ServiceReachability,
  type SaleView,
  type TopupOptions,
  type TopupView,
} from './sales.ts';

export type { MethodSpec, Role } from './contract-base.ts';

/** Which window calls: the counter's (clerk or manager at it) or the customer display. */
export type Caller = 'counter' | 'display';

export type Environment = 'demo' | 'partner_sandbox' | 'production';

/** What keeps the partner secret and the access token: said in Settings in plain words. */
export type SecretStoreKind = 'os_keychain' | 'safe_storage' | 'vault' | 'file';

export type PartnerSettingsView = {
  readonly environment: Environment;
  readonly clientId: string | null;
  readonly hasSecret: boolean;
  /** The environment the app runs on now; differs from `environment` until the next start. */
  readonly running: Environment;
  /** The journal the next start opens: each environment has its own, and a new one starts with first-run setup. */
  readonly nextJournal: { readonly file: string; readonly folder: string; readonly exists: boolean };
  readonly secretStore: SecretStoreKind;
  /** The owner-only file the secret is in, when `secretStore` is 'vault' or 'file' (null when not known). */
  readonly secretFile: string | null;
  /**
   * With the vault (no keychain), a secret is sealed under the running environment's managers'
   * PINs, so another environment's is entered there, once the counter runs on it.
   */
  readonly secretOnlyWhereRunning: boolean;
};

/**
 * Whether the counter can reach the eSIM service's credentials now: `locked` until a manager signs
 * in after a start (no keychain: they are sealed under the managers' PINs), `missing` when the
 * running environment has no client secret yet. Demo's are public and always `ready`.
 */
export type CredentialsView = { readonly state: 'ready' | 'locked' | 'missing' };

/** First run of an environment's journal: nobody on file yet, so the owner sets the counter up. */
export type SetupStatus = { readonly environment: Environment; readonly needsOwner: boolean };

/** The owner just created, and the one-time recovery code for `npm run admin -- reset-pin`; it is never shown again. */
export type OwnerCreated = StaffMember & { readonly recoveryCode: string };

export type AppInfo = {
  readonly name: string;
  readonly version: string;
  readonly environment: Environment;
  readonly transport: 'electron' | 'browser';
  /** Where the journal's checkpoints run: 'main_thread' only when the worker could not start. */
  readonly journalCheckpoints: 'worker' | 'main_thread';
  /**
   * The audit log's hash chain as checked at start (from where the last start left off, and every
   * close's recorded head), or the break found then or by a manager's full check since.
   */
  readonly auditChain:
    | { readonly ok: true; readonly verifiedThroughSeq: number }
    | { readonly ok: false; readonly brokenAtSeq: number; readonly reason: string };
  /**
   * The store's IANA time zone: every screen, the customer display and the printouts show times in
   * it (shared/clock.ts), whatever zone the browser or the display's machine is set to.
   */
  readonly timeZone: string;
  /**
   * The store's locale (BCP 47, e.g. de-DE): whether times are 24- or 12-hour on every screen and
   * printout, and the order of a typed date. Words follow each person's language.
   */
  readonly locale: string;
  /** The store's currency (ISO 4217): retail prices and the till. */
  readonly currency: string;
  /** VAT or sales tax: in the prices shown, or added at checkout (the screens show the total with it). */
  readonly tax: TaxRule;
  /** The languages of the clerk's and the manager's screens. */
  readonly uiLanguages: readonly UiLanguage[];
  /** The languages a customer can pick at the display, for the display, the voucher and the install steps. */
  readonly customerLanguages: readonly CustomerLanguage[];
};

export type StaffTile = {
  readonly id: string;
  readonly name: string;
  readonly role: 'clerk' | 'manager';
  /** The language this person chose for their screens; null for the computer's. */
  readonly language: string | null;
};

/** Who is at the counter, as the renderer may know it. */
export type SessionView =
  | { readonly status: 'signed_out' }
  | { readonly status: 'locked'; readonly staffId: string; readonly name: string; readonly language: string | null }
  | {
      readonly status: 'active';
      readonly staffId: string;
      readonly name: string;
      readonly role: 'clerk' | 'manager';
      /** The language this person chose for their screens; null for the computer's. */
      readonly language: string | null;
      /** Milliseconds until the idle lock, as of the answer. */
      readonly idleLockInMs: number;
      /** The idle lock's period: how long without activity locks the counter. */
      readonly idleLockAfterMs: number;
    };

/** The audit log's hash chain, checked from the first entry. */
export type AuditCheck =
  { readonly ok: true; readonly count: number } | { readonly ok: false; readonly brokenAtSeq: number; readonly reason: string };

export const methods = {
  'app.info': method<AppInfo>()('display', none),
  'setup.status': method<SetupStatus>()('public', none),
  /** Allowed only while the journal has no staff at all; refused (forbidden) afterwards. */
  'setup.createOwner': method<OwnerCreated>()(
    'public',
    z.strictObject({
      name: staffName,
      pin,
      storeName: storeNameSchema.optional(),
      timeZone: z.string().max(64).optional(),
      currency: z.string().trim().toUpperCase().pipe(currencyCode).optional(),
      locale: storeLocaleSchema.optional(),
    }),
  ),
  'staff.list': method<readonly StaffTile[]>()('public', none),
  /** Said on the sign-in screen and the top bar: no staff's name or secret, only whether a manager must act. */
  'app.credentials': method<CredentialsView>()('public', none),
  'session.current': method<SessionView>()('public', none),
  'session.signIn': method<SessionView>()(
    'public',
    z.strictObject({
      staffId: z.string().min(1).max(64),
      pin: z.string().max(64, problem('pin_format')),
    }),
  ),
  'session.signOut': method<SessionView>()('public', none),
  'session.lock': method<SessionView>()('clerk', none),
  /** Activity with no other call to make (the idle warning dismissed): the idle lock starts over. */
  'session.touch': method<SessionView>()('clerk', none),
  /** The signed-in person's own language for their screens; null goes back to the computer's. */
  'session.setLanguage': method<SessionView>()(
    'clerk',
    z.strictObject({ language: z.enum(UI_LANGUAGES, problem('language')).nullable() }),
  ),
  'catalog.countries': method<readonly CountryOption[]>()('clerk', z.strictObject({ query: z.string().max(100).optional() })),
  'catalog.packages': method<readonly PackageOffer[]>()(
    'clerk',
    z.strictObject({
      country: countryCode.optional(),
      /** A region's code from catalog.countries: that region's own packages. */
      area: z.string().trim().min(1).max(120).optional(),
      type: z.enum(['local', 'global']).optional(),
      query: z.string().max(100).optional(),
    }),
  ),
  'sales.create': method<SaleView>()(
    'clerk',
    z.strictObject({
      /** Made by the screen when the checkout opens; a repeated call with it returns the same sale. */
      saleId: z.uuid().optional(),
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(10).default(1),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      customerEmail: z.email(problem('email')).max(254).optional(),
      /** For a regional or global package: the country the customer is going to, if the clerk chose one. */
      destination: countryCode.optional(),
      /** How the service e-mails the eSIM to customerEmail (default: a link). */
      sharing: sharingSchema.optional(),
      /** A copy of that e-mail to the store's address (delivery.options). */
      copyToStore: z.boolean().optional(),
      /** One of the partner's brands the store listed; null or absent for the service's own. */
      brand: brandNameSchema.nullable().optional(),
    }),
  ),
  'sales.get': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() }), { passive: true }),
  'sales.retry': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  /** A manager closes a sale the service never got (failed, not found) for good, with a reason. */
  'sales.void': method<SaleView>()(
    'manager',
    z.strictObject({
      id: z.uuid(),
      reason: z.string().trim().min(1, problem('required')).max(200),
    }),
  ),
  /** Looks an uncertain sale up at the service now (never sends it again), then answers its view. */
  'sales.check': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  'sales.readiness': method<SalesReadiness>()('clerk', none, { passive: true }),
  /**
   * Whether the shop's credit with the eSIM service covers an order, asked before the clerk takes
   * payment: a package and quantity (a sale, a group or vouchers), or a top-up of an eSIM. Answers
   * true, false, or null when the credit or the cost is not known; never the balance itself.
   */
  'sales.covers': method<{ readonly covered: boolean | null }>()(
    'clerk',
    z.strictObject({
      packageId: z.string().min(1).max(120),
      quantity: z.number().int().min(1).max(Math.max(GROUP_MAX_QUANTITY, MAX_VOUCHERS)),
      iccid: iccidInput.optional(),
    }),
    { passive: true },
  ),
  'sales.list': method<readonly SaleView[]>()(
    'clerk',
    z.strictObject({
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      query: z.string().trim().max(100).optional(),
    }),
  ),
  /** How the start settled the last run's unfinished sales, and the sales still being checked now. */
  'sales.pending': method<PendingSales>()('clerk', none),
  /** Showing a QR again needs a manager's PIN at the counter (step-up), and leaves an audit entry. */
  'sales.reveal': method<SaleView>()(
    'clerk',
    z.strictObject({ id: z.uuid(), managerStaffId: z.string().min(1).max(64), managerPin: pin }),
  ),
  'topups.options': method<TopupOptions>()('clerk', z.strictObject({ iccid: iccidInput })),
  'topups.create': method<TopupView>()(
    'clerk',
    z.strictObject({
      /** Made by the screen when the checkout opens; a repeated call with it returns the same top-up. */
      topupId: z.uuid().optional(),
      iccid: iccidInput,
      packageId: z.string().min(1).max(120),
      paymentMethod: z.enum(PAYMENT_METHODS, problem('payment_method')),
      confirmChecksum: z.boolean().optional(),
    }),
  ),
  'topups.get': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
  'topups.retry': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
  /** "Check now": looks an unsettled top-up up at the service; never sends it again. */
  'topups.check': method<TopupView>()('clerk', z.strictObject({ id: z.uuid() })),
  'usage.get': method<UsageReading>()('clerk', z.strictObject({ iccid: iccidInput })),
  'esims.instructions': method<InstallSteps>()(
    'clerk',
    z.strictObject({
      iccid: iccidInput,
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, problem('language'))
        .default('en'),
    }),
  ),
  'devices.search': method<readonly DeviceMatch[]>()(
    'clerk',
    z.strictObject({ query: z.string().max(100), limit: z.number().int().min(1).max(50).default(20) }),
  ),
  /**
   * Prints the calling window's page (its print layout: a voucher, a receipt, a Z report). The
   * desktop shell answers it with the configured printer, or saves a PDF; browser mode answers
   * `handled: false` and the page opens the browser's print dialog.
   */
  'print.page': method<PrintResult>()(
    'clerk',
    z.strictObject({
      paper: paperSchema.optional(),
      pdf: z.boolean().default(false),
      /** How long the receipt is (its content, measured by the page): the roll is cut there. */
      lengthMm: z.number().min(20).max(3000).optional(),
    }),
  ),
  // The counter's hardware (receipt printer, drawer, camera): shared/contract-devices.ts.
  ...devicesMethods,
  'audit.verify': method<AuditCheck>()('manager', none),
  'audit.list': method<readonly AuditView[]>()(
    'manager',
    z.strictObject({
      limit: z.number().int().min(1).max(500).default(100),
      beforeSeq: z.number().int().positive().optional(),
      subject: z.string().max(120).optional(),
      action: z.string().max(64).optional(),
      staffId: z.string().max(64).optional(),
    }),
  ),
  ...reportsMethods,
  // The back office: the close, the till, staff, settings, prices, refunds, the head office.
  ...backOfficeMethods,
  'display.current': method<DisplayState>()('display', none),
  /** The customer picks their language at the display: its words, the voucher, the install steps. */
  'display.setLanguage': method<DisplayState>()(
    'display',
    z.strictObject({ language: z.enum(CUSTOMER_LANGUAGES, 'language.unknown') }),
  ),
  'display.show': method<DisplayState>()(
    'clerk',
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('idle') }),
      z.strictObject({
        kind: z.literal('offer'),
        packageId: z.string().min(1).max(120),
        // A group order's offer shows its whole quantity.
        quantity: z.number().int().min(1).max(GROUP_MAX_QUANTITY).default(1),
      }),
      z.strictObject({ kind: z.literal('install'), saleId: z.uuid() }),
      z.strictObject({ kind: z.literal('thanks') }),
      /** The top-up picked for this eSIM and its price, looked up by the backend as it will charge it. */
      z.strictObject({ kind: z.literal('topup'), iccid: iccidInput, packageId: z.string().min(1).max(120) }),
      /** A completed top-up: what was added. */
      z.strictObject({ kind: z.literal('topup_done'), topupId: z.uuid() }),
    ]),
  ),
  // History of everything sold, an eSIM's packages, refunds' answers: shared/contract-history.ts.
  ...historyMethods,

  // The rest of the partner service at the counter: shared/contract-extras.ts.
  ...extrasMethods,
  // Group and future orders: shared/contract-orders.ts.
  ...ordersMethods,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** What a caller passes (before defaults and transforms). */
export type InputOf<M extends MethodName> = z.input<Methods[M]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInputOf<M extends MethodName> = z.output<Methods[M]['input']>;
export type OutputOf<M extends MethodName> = Methods[M]['output'];

export const methodNames = Object.keys(methods) as MethodName[];

export function isMethodName(value: string): value is MethodName {
  return Object.hasOwn(methods, value);
}

/** The customer display's methods: what to show, and the app it belongs to. Nothing of the staff's. */
export const displayMethods: readonly MethodName[] = methodNames.filter((name) => methods[name].role === 'display');

/** Events the backend pushes to every window (IPC in Electron, server-sent events in browser mode). */
/** Every event the backend sends, with what it carries: the type and the list of names come from here. */
const EVENTS = {
  'catalog.updated': {} as { readonly packageCount: number },
  'sale.updated': {} as { readonly id: string; readonly status: SaleStatus },
  'topup.updated': {} as { readonly id: string; readonly status: SaleStatus },
  'display.changed': {} as DisplayState,
  /** The eSIM service started or stopped answering (sales.readiness has the same). */
  'service.changed': {} as ServiceReachability,
  /** The service asked this counter to wait before its next order: every order is held until then. */
  'orders.held': {} as OrderHold,
};
export type Events = typeof EVENTS;
export type EventName = keyof Events;
/** The events the customer display hears: what it is to show, nothing of sales or staff. */
export const displayEvents: readonly EventName[] = ['display.changed'];
export const eventNames = Object.keys(EVENTS) as readonly EventName[];
