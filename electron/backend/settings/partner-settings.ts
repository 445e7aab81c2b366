/**
 * Which partner environment the counter works against, and its credentials. The choice and each
 * account's client id live in the data folder's counter.json, outside every journal, because each
 * environment has a journal of its own; the client secret goes only through the secret store
 * (the OS keychain) and is never read back to a screen. A change applies at the next start, so a
 * running day never switches accounts, or journals, half-way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Environment, PartnerSettingsView } from '../../../shared/contract.ts';
import { appendAudit } from '../audit/db.ts';
import {
  JOURNAL_FILES,
  journalPath,
  partnerSecretKey,
  readCounterConfig,
  updateCounterConfig,
  type CounterConfig,
} from '../data-folder.ts';
import { hasSecret as hasStoredSecret, type SecretLog, type SecretStore } from '../secrets/secrets.ts';
import { SecretsElsewhereError, SecretsLockedError } from '../secrets/vault/store.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { StaffSession } from '../staff/sessions.ts';

/** The partner's API host; sandbox mode is a setting of the account on the same host. */
export const PARTNER_BASE_URL = 'https://partners-api.airalo.com';

export type PartnerConfig = {
  environment: Exclude<Environment, 'demo'>;
  baseUrl: string;
  clientId: string;
  /** Read when a token is fetched: a vault opens only at a manager's sign-in, after the start. */
  clientSecret: string | (() => string);
};

/**
 * The configured partner account, or null for the Demo sandbox (also when credentials are missing).
 * With the vault, an account with a client id starts even before its secret is stored: the secret
 * can only be sealed by that environment's own managers, in its Settings.
 */
export function configuredPartner(
  config: CounterConfig,
  secrets: SecretStore,
  log: (message: string) => void,
): PartnerConfig | null {
  const { environment } = config;
  if (environment === 'demo') return null;
  const account = config.accounts[environment];
  const key = partnerSecretKey(environment);
  let stored: boolean;
  try {
    stored = hasStoredSecret(secrets, key);
  } catch (error) {
    log(`the partner secret cannot be read (${(error as Error).message}); starting on the Demo sandbox`);
    return null;
  }
  if (!account?.clientId || (!stored && !secrets.vault)) {
    log(`${environment} is chosen but its credentials are incomplete; starting on the Demo sandbox`);
    return null;
  }
  // A keychain (or safeStorage) gives the secret at start, as it always did; only a vault's may be
  // locked until a manager signs in, and is read at each token fetch.
  if (!secrets.vault) {
    const secret = secrets.get(key);
    return { environment, baseUrl: account.baseUrl ?? PARTNER_BASE_URL, clientId: account.clientId, clientSecret: secret! };
  }
  const clientSecret = () => {
    let secret: string | null;
    try {
      secret = secrets.get(key);
    } catch (error) {
      if (error instanceof SecretsLockedError) throw new AppFailure('secrets_locked', error.message);
      throw error;
    }
    if (secret === null) {
      throw new AppFailure('partner_auth', `No client secret is stored for ${environment}: a manager enters it in Settings.`);
    }
    return secret;
  };
  return { environment, baseUrl: account.baseUrl ?? PARTNER_BASE_URL, clientId: account.clientId, clientSecret };
}

function hasSecret(secrets: SecretStore, environment: Environment, log: SecretLog): boolean {
  try {
    return environment !== 'demo' && hasStoredSecret(secrets, partnerSecretKey(environment));
  } catch (error) {
    // A store that cannot be read holds no usable secret; saving a new one says why it cannot.
    log(`settings: the ${environment} partner secret cannot be read; Settings shows none stored`, error);
    return false;
  }
}

export function partnerSettings(
  dataDir: string,
  secrets: SecretStore,
  running: Environment,
  log: SecretLog,
): PartnerSettingsView {
  const config = readCounterConfig(dataDir);
  const { environment } = config;
  const file = journalPath(dataDir, environment);
  // A store that does not say what it is gets the weakest claim.
  const secretStore = secrets.kind ?? 'file';
  return {
    environment,
    clientId: environment === 'demo' ? null : (config.accounts[environment]?.clientId ?? null),
    hasSecret: hasSecret(secrets, environment, log),
    running,
    nextJournal: { file: JOURNAL_FILES[environment], folder: path.dirname(file), exists: fs.existsSync(file) },
    secretStore,
    secretFile: secretStore === 'file' || secretStore === 'vault' ? (secrets.file ?? null) : null,
    secretOnlyWhereRunning: secrets.vault !== undefined,
  };
}

export function setPartner(
  dataDir: string,
  db: Database.Database,
  secrets: SecretStore,
  input: { environment: Environment; clientId?: string; clientSecret?: string },
  manager: StaffSession,
  running: Environment,
  log: SecretLog,
): PartnerSettingsView {
  const { environment } = input;
  if (environment !== 'demo') {
    const clientId = input.clientId ?? readCounterConfig(dataDir).accounts[environment]?.clientId;
    // With the vault, another environment's secret is entered there, so its client id is enough here.
    const secretLater = secrets.vault !== undefined && environment !== running;
    if (!clientId || (input.clientSecret === undefined && !secretLater && !hasSecret(secrets, environment, log))) {
      throw new AppFailure('bad_input', 'Enter the client id and client secret the partner gave you for this environment.', {
        fields: { clientId: 'credentials_required' },
      });
    }
    if (input.clientSecret !== undefined) {
      try {
        secrets.set(partnerSecretKey(environment), input.clientSecret);
      } catch (error) {
        log(`settings: the ${environment} partner secret could not be saved; nothing was changed`, error);
        if (error instanceof SecretsElsewhereError) {
          throw new AppFailure('conflict', error.message, { reason: 'secret_for_other_environment', params: { environment } });
        }
        if (error instanceof SecretsLockedError) throw new AppFailure('secrets_locked', error.message);
        throw new AppFailure('journal_unavailable', (error as Error).message, { reason: 'secret_not_saved' });
      }
    }
  }
  // The old and new values for the audit log; the secret itself never, only that it changed.
  const before = readCounterConfig(dataDir);
  updateCounterConfig(dataDir, (config) => ({
    ...config,
    environment,
    accounts:
      environment !== 'demo' && input.clientId !== undefined
        ? { ...config.accounts, [environment]: { ...config.accounts[environment], clientId: input.clientId } }
        : config.accounts,
  }));
  appendAudit(db, {
    action: 'partner.settings_changed',
    actorStaffId: manager.staffId,
    details: {
      environment,
      from: before.environment,
      to: environment,
      ...(input.clientId !== undefined && environment !== 'demo'
        ? { clientIdFrom: before.accounts[environment]?.clientId ?? null, clientIdTo: input.clientId }
        : {}),
      secretChanged: input.clientSecret !== undefined,
    },
  });
  return partnerSettings(dataDir, secrets, running, log);
}
