/**
 * A whole backend (createBackend) on a fresh data folder, talking to a test sandbox, with a
 * manager on file: the way integration tests drive the contract as the renderer would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, type Backend, type BackendOptions } from '../../electron/backend/app.ts';
import { createPartnerClient, type PartnerClient } from '../../electron/backend/partner/client.ts';
import { MemorySecretStore } from '../../electron/backend/secrets/secrets.ts';
import { createStaffService } from '../../electron/backend/staff/service.ts';
import { journalPath } from '../../electron/backend/data-folder.ts';
import { placeMigratedJournal } from './journal.ts';
import type { TestSandbox } from './sandbox.ts';

export type TestBackend = {
  backend: Backend;
  /** Staff ids by the name given to addStaff ('manager' exists from the start, PIN 2468). */
  ids: Record<string, string>;
  /** Calls a contract method; a failure throws an Error carrying `error` (code, message). */
  call<T = any>(method: string, input?: unknown): Promise<T>;
  signIn(who: string): Promise<unknown>;
  /** Adds a member of staff with PIN 1357 (directly, so it needs no session). */
  addStaff(key: string, name: string, role: 'clerk' | 'manager'): Promise<string>;
};

/** The cheapest scrypt the service accepts, so tests stay quick. */
export const TEST_SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
/** Calls a contract method of a backend; a failure throws an Error carrying `error` (code, message). */
export async function callOn<T = any>(backend: Backend, method: string, input: unknown = {}): Promise<T> {
  const result = await backend.dispatch(method, input);
  if (!result.ok)
    throw Object.assign(new Error(`${method}: ${result.error.code} ${result.error.message}`), { error: result.error });
  return result.value as T;
}

export async function startTestBackend(ts: TestSandbox, options: Partial<BackendOptions> = {}): Promise<TestBackend> {
  const partner = options.partner ?? {
    environment: 'partner_sandbox' as const,
    baseUrl: ts.url,
    clientId: ts.sandbox.clientId,
    clientSecret: ts.sandbox.clientSecret,
  };
  let dataDir = options.dataDir;
  if (!dataDir) {
    // A new folder holds a journal already made (migrated) with nothing in it yet: the first start's
    // own work is the business of the tests of a first start.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-'));
    placeMigratedJournal(journalPath(dataDir, partner.environment));
  }
  const backend = await createBackend({ transport: 'browser', log: () => undefined, ...options, dataDir, partner });
  const staff = createStaffService(backend.db, { scrypt: TEST_SCRYPT });
  const ids: Record<string, string> = {};
  const pins: Record<string, string> = {};
  const manager = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
  if (!manager.ok) throw new Error(manager.error.message);
  ids.manager = manager.value.id;
  pins.manager = '2468';

  const call = <T = any>(method: string, input: unknown = {}) => callOn<T>(backend, method, input);
  return {
    backend,
    ids,
    call,
    // Staff added through the contract in a test use PIN 1357 too.
    signIn: (who) => call('session.signIn', { staffId: ids[who], pin: pins[who] ?? '1357' }),
    async addStaff(key, name, role) {
      const created = await staff.create({ name, role, pin: '1357' }, ids.manager!);
      if (!created.ok) throw new Error(created.error.message);
      ids[key] = created.value.id;
      pins[key] = '1357';
      return created.value.id;
    },
  };
}

/** A partner client for a test sandbox, with short timeouts so fault tests finish quickly. */
const tokens = new WeakMap<TestSandbox, MemorySecretStore>();

/**
 * A partner client of the test sandbox. Its order hold (the service's Retry-After on orders) lasts
 * for the client's life: a test that meets a 429 takes a client of its own, on the test's clock
 * (`now`) when it moves time on.
 */
/** How long a test's partner client waits for an answer, unless the test asks for less. */
export const TEST_PARTNER_TIMEOUT_MS = 15_000;

export function testPartnerClient(
  ts: TestSandbox,
  options: { readonly now?: () => number; readonly timeoutMs?: number } = {},
): PartnerClient {
  // The clients of one sandbox share its access token, as one counter's do: a client per test then
  // asks for no token of its own (the service limits how often one is issued).
  let secrets = tokens.get(ts);
  if (!secrets) tokens.set(ts, (secrets = new MemorySecretStore()));
  return createPartnerClient({
    baseUrl: ts.url,
    clientId: ts.sandbox.clientId,
    clientSecret: ts.sandbox.clientSecret,
    secrets,
    // As patient as a busy machine needs: a test of a timeout holds the request (a `hold` fault)
    // and takes a client with a short one, so it times out whatever the machine's load.
    timeoutMs: options.timeoutMs ?? TEST_PARTNER_TIMEOUT_MS,
    orderTimeoutMs: options.timeoutMs ?? TEST_PARTNER_TIMEOUT_MS,
    ...(options.now ? { now: options.now } : {}),
  });
}
