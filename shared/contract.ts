/**
 * The one contract between the renderer and the backend. Each method is declared once — name,
 * input schema, output type, role — in its domain's part (shared/contract/<domain>.ts, the domains
 * of electron/backend/), put together here, and everything else is derived from it: the preload
 * API, the main-process handlers, the browser-mode routes and the renderer's typed client. Every
 * importer reads the contract from this file, never from a part.
 */
import { z } from 'zod';
import type { DisplayState } from './display.ts';
import type { TaxRule } from './pricing.ts';
import type { CustomerLanguage, UiLanguage } from './languages.ts';
import type { OrderHold, SaleStatus, SaleViewStatus, ServiceReachability } from './sales.ts';
import { auditMethods } from './contract/audit.ts';
import { backupsMethods } from './contract/backups.ts';
import { basketsMethods } from './contract/baskets.ts';
import { method, none, type Environment } from './contract/base.ts';
import { catalogueMethods } from './contract/catalogue.ts';
import { chainMethods } from './contract/chain.ts';
import { deliveryMethods } from './contract/delivery.ts';
import { devicesMethods } from './contract/devices.ts';
import { customerDisplayMethods } from './contract/display.ts';
import { historyMethods } from './contract/history.ts';
import { laterOrdersMethods } from './contract/later-orders.ts';
import { pricingMethods } from './contract/pricing.ts';
import { printingMethods } from './contract/printing.ts';
import { refundsMethods } from './contract/refunds.ts';
import { reportsMethods } from './contract/reports.ts';
import { salesMethods } from './contract/sales.ts';
import { settingsMethods } from './contract/settings.ts';
import { staffMethods } from './contract/staff.ts';
import { supportMethods } from './contract/support.ts';
import { tillMethods } from './contract/till.ts';
import { topupsMethods } from './contract/topups.ts';
import { tripsMethods } from './contract/trips.ts';
import { usageMethods } from './contract/usage.ts';
import { vouchersMethods } from './contract/vouchers.ts';

export type { Environment, MethodSpec, Role } from './contract/base.ts';
export type { AuditCheck } from './contract/audit.ts';
export type { PartnerSettingsView, SecretStoreKind, SettingsExport } from './contract/settings.ts';
export type { BackupCheck, BackupEntry, BackupsView, ScheduledRestore } from './contract/backups.ts';
export type { OwnerCreated, SessionView, SetupStatus, StaffTile } from './contract/staff.ts';

/** Which window calls: the counter's (clerk or manager at it) or the customer display. */
export type Caller = 'counter' | 'display';

/**
 * Whether the counter can reach the eSIM service's credentials now: `locked` until a manager signs
 * in after a start (no keychain: they are sealed under the managers' PINs), `missing` when the
 * running environment has no client secret yet. Demo's are public and always `ready`.
 */
export type CredentialsView = { readonly state: 'ready' | 'locked' | 'missing' };

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

export const methods = {
  'app.info': method<AppInfo>()('display', none),
  /** Said on the sign-in screen and the top bar: no staff's name or secret, only whether a manager must act. */
  'app.credentials': method<CredentialsView>()('public', none),
  /**
   * The counter's page says it opens (or closes) its camera view. The desktop shell grants the
   * camera to that window only between the two; browser mode answers `handled: false` (the
   * browser asks the person itself).
   */
  'camera.scanning': method<{ readonly handled: boolean }>()('clerk', z.strictObject({ scanning: z.boolean() })),
  /**
   * A window's crash, for the log file: either window, signed in or not, since a crash comes at
   * any moment. Capped, and scrubbed of codes and tokens before it is written.
   */
  'app.reportCrash': method<null>()(
    'display',
    z.strictObject({
      message: z.string().max(2000),
      stack: z.string().max(8000).optional(),
      where: z.string().max(200),
    }),
  ),
  // Each domain's part, named as its folder in electron/backend/, whose handlers.ts answers it.
  ...staffMethods,
  ...catalogueMethods,
  ...tripsMethods,
  ...basketsMethods,
  ...salesMethods,
  ...topupsMethods,
  ...laterOrdersMethods,
  ...vouchersMethods,
  ...deliveryMethods,
  ...usageMethods,
  ...devicesMethods,
  ...historyMethods,
  ...refundsMethods,
  ...customerDisplayMethods,
  ...printingMethods,
  ...tillMethods,
  ...reportsMethods,
  ...pricingMethods,
  ...settingsMethods,
  ...backupsMethods,
  ...auditMethods,
  ...chainMethods,
  ...supportMethods,
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
  'sale.updated': {} as { readonly id: string; readonly status: SaleViewStatus },
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
