/**
 * Which partner environment the counter works against, and its credentials. The environment and
 * client id are plain settings; the client secret goes only through the secret store (safeStorage
 * in the desktop app) and is never read back to a screen. A change applies at the next start, so
 * a running day never switches accounts half-way.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Environment, PartnerSettingsView } from '../../shared/contract.ts';
import { appendAudit } from '../db/audit.ts';
import { defineSetting, getSetting, setSetting } from '../db/settings.ts';
import type { SecretLog, SecretStore } from '../secrets.ts';
import { AppFailure, type StaffSession } from '../rpc.ts';

/** The partner's API host; sandbox mode is a setting of the account on the same host. */
export const PARTNER_BASE_URL = 'https://partners-api.airalo.com';

const ENVIRONMENT = defineSetting('partner.environment', z.enum(['demo', 'partner_sandbox', 'production']), 'demo');
const CLIENT_ID = defineSetting(
  'partner.clientId',
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .nullable(),
  null,
);
/** HTTPS, or plain HTTP on this machine only (a local simulator). */
export const PARTNER_BASE_URL_SETTING = defineSetting(
  'partner.baseUrl',
  z
    .url()
    .refine((url) => /^https:\/\//.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url), 'must be https'),
  PARTNER_BASE_URL,
);
const secretKey = (environment: Environment) => `partner-client-secret:${environment}`;

export type PartnerConfig = {
  environment: Exclude<Environment, 'demo'>;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
};

/** The configured partner account, or null for the Demo sandbox (also when credentials are missing). */
export function configuredPartner(
  db: Database.Database,
  secrets: SecretStore,
  log: (message: string) => void,
): PartnerConfig | null {
  const environment = getSetting(db, ENVIRONMENT);
  if (environment === 'demo') return null;
  const clientId = getSetting(db, CLIENT_ID);
  let clientSecret: string | null;
  try {
    clientSecret = secrets.get(secretKey(environment));
  } catch (error) {
    log(`the partner secret cannot be read (${(error as Error).message}); starting on the Demo sandbox`);
    return null;
  }
  if (!clientId || !clientSecret) {
    log(`${environment} is chosen but its credentials are incomplete; starting on the Demo sandbox`);
    return null;
  }
  return { environment, baseUrl: getSetting(db, PARTNER_BASE_URL_SETTING), clientId, clientSecret };
}

export function partnerSettings(
  db: Database.Database,
  secrets: SecretStore,
  running: Environment,
  log: SecretLog,
): PartnerSettingsView {
  const environment = getSetting(db, ENVIRONMENT);
  let hasSecret: boolean;
  try {
    hasSecret = environment !== 'demo' && secrets.get(secretKey(environment)) !== null;
  } catch (error) {
    // A store that cannot be read holds no usable secret; saving a new one says why it cannot.
    log(`settings: the ${environment} partner secret cannot be read; Settings shows none stored`, error);
    hasSecret = false;
  }
  // A store that does not say what it is gets the weakest claim.
  const secretStore = secrets.kind ?? 'file';
  return {
    environment,
    clientId: getSetting(db, CLIENT_ID),
    hasSecret,
    running,
    secretStore,
    secretFile: secretStore === 'file' ? (secrets.file ?? null) : null,
  };
}

export function setPartner(
  db: Database.Database,
  secrets: SecretStore,
  input: { environment: Environment; clientId?: string; clientSecret?: string },
  manager: StaffSession,
  running: Environment,
  log: SecretLog,
): PartnerSettingsView {
  if (input.environment !== 'demo') {
    const clientId = input.clientId ?? getSetting(db, CLIENT_ID);
    const hasSecret = input.clientSecret !== undefined || partnerSettings(db, secrets, running, log).hasSecret;
    if (!clientId || (!hasSecret && input.environment === getSetting(db, ENVIRONMENT))) {
      throw new AppFailure('bad_input', 'Enter the client id and client secret the partner gave you for this environment.', {
        fields: { clientId: 'required' },
      });
    }
    if (input.clientSecret !== undefined) {
      try {
        secrets.set(secretKey(input.environment), input.clientSecret);
      } catch (error) {
        log(`settings: the ${input.environment} partner secret could not be saved; nothing was changed`, error);
        throw new AppFailure('journal_unavailable', (error as Error).message);
      }
    }
    if (input.clientId !== undefined) setSetting(db, CLIENT_ID, input.clientId);
  }
  setSetting(db, ENVIRONMENT, input.environment);
  appendAudit(db, {
    action: 'partner.settings_changed',
    actorStaffId: manager.staffId,
    details: { environment: input.environment, secretChanged: input.clientSecret !== undefined },
  });
  return partnerSettings(db, secrets, running, log);
}
