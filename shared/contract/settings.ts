/**
 * The contract's store settings, the partner account the counter sells through, and its credit
 * there. Answered by electron/backend/settings/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import type { BalanceView, StoreSettings } from '../manager.ts';
import { settingsChangeSchema } from '../store-settings.ts';
import { method, none, type Environment } from './base.ts';

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

export const settingsMethods = {
  'settings.get': method<StoreSettings>()('manager', none),
  'settings.update': method<StoreSettings>()('manager', settingsChangeSchema),
  'account.balance': method<BalanceView>()('manager', z.strictObject({ refresh: z.boolean().default(false) })),
  'settings.partner': method<PartnerSettingsView>()('manager', none),
  /** Applies at the next start; the secret is stored through the OS keychain and never shown back. */
  'settings.setPartner': method<PartnerSettingsView>()(
    'manager',
    z.strictObject({
      environment: z.enum(['demo', 'partner_sandbox', 'production']),
      clientId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, problem('credential_chars'))
        .optional(),
      clientSecret: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, problem('credential_chars'))
        .optional(),
    }),
  ),
} as const;
