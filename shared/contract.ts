/**
 * The one contract between the renderer and the backend. Each method is declared once here — name,
 * input schema, output type, role — and everything else is derived from it: the preload API, the
 * main-process handlers, the browser-mode routes and the renderer's typed client.
 */
import { z } from 'zod';
import type { CountryOption, PackageOffer } from './catalog.ts';
import { PAYMENT_METHODS, type ReconcileSummary, type SaleStatus, type SaleView } from './sales.ts';

export type Role = 'public' | 'clerk' | 'manager';

export type MethodSpec<I extends z.ZodType, O> = {
  readonly role: Role;
  readonly input: I;
  /** Phantom: carries the output type; never read at run time. */
  readonly output: O;
};

const method =
  <O>() =>
  <I extends z.ZodType>(role: Role, input: I): MethodSpec<I, O> => ({ role, input, output: undefined as O });

const none = z.strictObject({});
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A country is given by its two-letter code, e.g. DE.');

export type Environment = 'demo' | 'partner_sandbox' | 'production';

export type AppInfo = {
  readonly name: string;
  readonly version: string;
  readonly environment: Environment;
  readonly transport: 'electron' | 'browser';
};

export type StaffTile = { readonly id: string; readonly name: string; readonly role: 'clerk' | 'manager' };

/** Who is at the counter, as the renderer may know it. */
export type SessionView =
  | { readonly status: 'signed_out' }
  | { readonly status: 'locked'; readonly staffId: string; readonly name: string }
  | {
      readonly status: 'active';
      readonly staffId: string;
      readonly name: string;
      readonly role: 'clerk' | 'manager';
      /** Milliseconds until the idle lock, as of the answer. */
      readonly idleLockInMs: number;
    };

/** The audit log's hash chain, checked from the first entry. */
export type AuditCheck = { readonly ok: true; readonly count: number } | { readonly ok: false; readonly brokenAtSeq: number; readonly reason: string };

export const methods = {
  'app.info': method<AppInfo>()('public', none),
  'staff.list': method<readonly StaffTile[]>()('public', none),
  'session.current': method<SessionView>()('public', none),
  'session.signIn': method<SessionView>()(
    'public',
    z.strictObject({
      staffId: z.string().min(1).max(64),
      pin: z.string().max(64, 'A PIN is 4 to 8 digits.'),
    }),
  ),
  'session.signOut': method<SessionView>()('public', none),
  'session.lock': method<SessionView>()('clerk', none),
  'catalog.countries': method<readonly CountryOption[]>()(
    'clerk',
    z.strictObject({ query: z.string().max(100).optional() }),
  ),
  'catalog.packages': method<readonly PackageOffer[]>()(
    'clerk',
    z.strictObject({
      country: countryCode.optional(),
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
      quantity: z.number().int().min(1, 'At least one eSIM.').max(10, 'At most 10 eSIMs in one sale.').default(1),
      paymentMethod: z.enum(PAYMENT_METHODS, 'Say how the customer paid: cash, card or other.'),
      customerEmail: z.email('That e-mail address does not look right.').max(254).optional(),
    }),
  ),
  'sales.get': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  'sales.retry': method<SaleView>()('clerk', z.strictObject({ id: z.uuid() })),
  'sales.list': method<readonly SaleView[]>()(
    'clerk',
    z.strictObject({
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      query: z.string().trim().max(100).optional(),
    }),
  ),
  'sales.pending': method<ReconcileSummary>()('clerk', none),
  'audit.verify': method<AuditCheck>()('manager', none),
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

/** Events the backend pushes to every window (IPC in Electron, server-sent events in browser mode). */
export type Events = {
  'catalog.updated': { readonly packageCount: number };
  'sale.updated': { readonly id: string; readonly status: SaleStatus };
};
export type EventName = keyof Events;
export const eventNames: readonly EventName[] = ['catalog.updated', 'sale.updated'];
