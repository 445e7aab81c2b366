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

/** The store's settings a manager changes, to carry to another counter or back after a reinstall. */
export type SettingsExport = {
  readonly app: 'esim-counter';
  readonly exportedAt: string;
  readonly settings: z.output<typeof settingsChangeSchema>;
};

export const settingsMethods = {
  'settings.get': method<StoreSettings>()('manager', none),
  'settings.update': method<StoreSettings>()('manager', settingsChangeSchema),
  /** What `settings.update` takes, as stored now: no secret, no credential, no partner account. */
  'settings.export': method<SettingsExport>()('manager', none),
  /** An export put back: the same rules and audit entries as `settings.update`, and which settings changed. */
  'settings.import': method<{ readonly settings: StoreSettings; readonly changed: readonly string[] }>()(
    'manager',
    z.strictObject({ settings: settingsChangeSchema }),
  ),
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
