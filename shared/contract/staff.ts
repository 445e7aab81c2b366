/**
 * The contract's people: the first owner of a new journal, the staff and their PINs, and who is
 * signed in at the counter. Answered by electron/backend/staff/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { UI_LANGUAGES } from '../languages.ts';
import type { StaffMember } from '../manager.ts';
import { currencyCode, storeLocaleSchema, storeNameSchema } from '../settings.ts';
import { method, none, pin, staffName, type Environment } from './base.ts';

/** First run of an environment's journal: nobody on file yet, so the owner sets the counter up. */
export type SetupStatus = { readonly environment: Environment; readonly needsOwner: boolean };

/** The owner just created, and the one-time recovery code for `npm run admin -- reset-pin`; it is never shown again. */
export type OwnerCreated = StaffMember & { readonly recoveryCode: string };

export type StaffTile = {
  readonly id: string;
  readonly name: string;
  readonly role: 'clerk' | 'manager';
  /** The language this person chose for their screens; null for the computer's. */
  readonly language: string | null;
  /** Demo only: this Demo account's PIN, shown to whoever practises, while it is still the published one. */
  readonly demoPin: string | null;
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

const staffRole = z.enum(['clerk', 'manager'], 'role');

export const staffMethods = {
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
  'staff.all': method<readonly StaffMember[]>()('manager', none),
  'staff.create': method<StaffMember>()('manager', z.strictObject({ name: staffName, role: staffRole, pin })),
  'staff.rename': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), name: staffName })),
  'staff.deactivate': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  'staff.reactivate': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  'staff.resetPin': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), pin })),
  'staff.unlock': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64) })),
  /** Refused (conflict) when it would leave the store without an active manager; the same role is a no-op. */
  'staff.setRole': method<StaffMember>()('manager', z.strictObject({ staffId: z.string().max(64), role: staffRole })),
} as const;
