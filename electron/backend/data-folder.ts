/**
 * The counter's data folder: one journal per partner environment, the counter's own config (which
 * environment to open, the partner account of each), the folder lock that keeps a second process
 * off the same journals, and the owner-only permissions of all of it.
 *
 *   counter.json                   which environment the next start opens; each account's client id
 *   counter.lock                   the process that has the folder open (pid, transport, address)
 *   journal-demo.sqlite            Demo: practice sales, the published demo staff
 *   journal-partner-sandbox.sqlite the partner's sandbox account
 *   journal-production.sqlite      real money
 *   backups/<environment>/         online backups of each journal
 *
 * Keeping the environment's choice out of the journals is what lets a manager in Demo choose
 * Production for the next start without either journal seeing the other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Environment } from '../../shared/contract.ts';
import { JournalError } from './journal/open.ts';
import { readLegacySettings } from './journal/legacy.ts';
import { ENVIRONMENT_NAMES, ENVIRONMENTS, JOURNAL_FILES } from '../../shared/environments.ts';

export { ENVIRONMENT_NAMES, ENVIRONMENTS, JOURNAL_FILES };
/** The one journal of versions before environments were kept apart; it becomes the Demo journal. */
export const LEGACY_JOURNAL_FILE = 'journal.sqlite';
export const CONFIG_FILE = 'counter.json';
export const LOCK_FILE = 'counter.lock';
export const SECRETS_FILE = 'secrets.json';
export const DEMO_SANDBOX_FILE = 'demo-sandbox.sqlite';
export const BACKUPS_DIR = 'backups';
/** The desktop app's crash dumps (Electron's crashDumps path), kept here and never uploaded. */
export const CRASHES_DIR = 'crashes';

const SQLITE_SIDE_FILES = ['', '-wal', '-shm'] as const;

export const journalPath = (dataDir: string, environment: Environment) => path.join(dataDir, JOURNAL_FILES[environment]);
export const backupsDir = (dataDir: string, environment: Environment) => path.join(dataDir, BACKUPS_DIR, environment);

/** The secret store key of an account's client secret. */
export const partnerSecretKey = (environment: Environment) => `partner-client-secret:${environment}`;

/** The environment a secret belongs to when its name says so (a client secret); null for the running one's. */
export function secretEnvironment(key: string): Environment | null {
  const named = /^partner-client-secret:(.+)$/.exec(key)?.[1];
  return ENVIRONMENTS.find((environment) => environment === named) ?? null;
}

/** HTTPS, or plain HTTP on this machine only (a local simulator). */
export const partnerBaseUrl = z
  .url()
  .refine((url) => /^https:\/\//.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url), 'must be https');
export const partnerClientId = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Letters, digits, - and _ only.');

const Account = z.strictObject({ clientId: partnerClientId.nullable(), baseUrl: partnerBaseUrl.optional() });

const CounterConfigSchema = z.strictObject({
  version: z.literal(1),
  /** The environment the next start opens. */
  environment: z.enum(ENVIRONMENTS),
  accounts: z.strictObject({ partner_sandbox: Account.optional(), production: Account.optional() }),
  /** Journals this folder has held: one missing later was lost, not never made. */
  journals: z.partialRecord(z.enum(ENVIRONMENTS), z.strictObject({ createdAt: z.string(), from: z.string().optional() })),
});
export type CounterConfig = z.infer<typeof CounterConfigSchema>;

const DEFAULT_CONFIG: CounterConfig = { version: 1, environment: 'demo', accounts: {}, journals: {} };

/** Something about the folder itself stops the start; the message says what to do. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
  readonly code: 'in_use' | 'config_invalid';
  readonly path: string;
  constructor(code: DataFolderError['code'], file: string, message: string) {
    super(message);
    this.code = code;
    this.path = file;
  }
}

/** A journal this folder held is gone or empty: recreating it would hide the loss of real sales. */
export class JournalMissingError extends JournalError {
  override name = 'JournalMissingError';
  readonly environment: Environment;
  constructor(file: string, environment: Environment, evidence: string) {
    super(
      'journal_missing',
      file,
      `The ${ENVIRONMENT_NAMES[environment]} sales journal ${file} is missing or empty, but this folder held one (${evidence}). ` +
        'Sales are stopped, and no new journal was made over it. Put the file back, or restore the latest backup with ' +
        `"npm run admin -- restore --data-dir ${path.dirname(file)} --environment ${environment}".`,
    );
    this.environment = environment;
  }
}

const POSIX = process.platform !== 'win32';

/** Creates the folder owner-only, or tightens one that exists. */
export function secureDataFolder(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!POSIX) return;
  chmodIfLooser(dataDir, 0o700);
  for (const name of fs.readdirSync(dataDir)) {
    const file = path.join(dataDir, name);
    const stat = fs.lstatSync(file);
    if (stat.isDirectory() && name === BACKUPS_DIR) {
      chmodIfLooser(file, 0o700);
      for (const env of fs.readdirSync(file)) secureTree(path.join(file, env));
    } else if (stat.isFile() && isCounterFile(name)) {
      chmodIfLooser(file, 0o600);
    }
  }
}

function secureTree(dir: string): void {
  const stat = fs.lstatSync(dir);
  if (stat.isDirectory()) {
    chmodIfLooser(dir, 0o700);
    for (const name of fs.readdirSync(dir)) secureTree(path.join(dir, name));
  } else if (stat.isFile()) {
    chmodIfLooser(dir, 0o600);
  }
}

function isCounterFile(name: string): boolean {
  const bases = [...Object.values(JOURNAL_FILES), LEGACY_JOURNAL_FILE, DEMO_SANDBOX_FILE];
  return (
    [CONFIG_FILE, LOCK_FILE, SECRETS_FILE].includes(name) ||
    bases.some((base) => SQLITE_SIDE_FILES.some((side) => name === `${base}${side}`))
  );
}

function chmodIfLooser(file: string, mode: number): void {
  if ((fs.statSync(file).mode & 0o777 & ~mode) !== 0) fs.chmodSync(file, mode);
}

/** Creates an empty file owner-only, so SQLite (which copies the mode to -wal and -shm) never makes it readable to others. */
export function createOwnerOnlyFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

export function readCounterConfig(dataDir: string): CounterConfig {
  const file = path.join(dataDir, CONFIG_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(DEFAULT_CONFIG);
    throw error;
  }
  let parsed: ReturnType<typeof CounterConfigSchema.safeParse>;
  try {
    parsed = CounterConfigSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = CounterConfigSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    // Never replaced silently: it says which journal holds real money.
    throw new DataFolderError(
      'config_invalid',
      file,
      `The counter's settings file ${file} cannot be read. It was left as it is. Move it aside to start on Demo, then choose the environment again in Settings.`,
    );
  }
  return parsed.data;
}

export function writeCounterConfig(dataDir: string, config: CounterConfig): void {
  const valid = CounterConfigSchema.parse(config);
  const file = path.join(dataDir, CONFIG_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

export function updateCounterConfig(dataDir: string, change: (config: CounterConfig) => CounterConfig): CounterConfig {
  const next = change(readCounterConfig(dataDir));
  writeCounterConfig(dataDir, next);
  return next;
}

export type LockHolder = {
  readonly pid: number;
  readonly hostname: string;
  readonly transport: string;
  readonly startedAt: string;
  /** Browser mode's address, once it listens. */
  readonly url?: string;
};

export type FolderLock = {
  /** Adds what a second process should be told (browser mode's address). */
  update(extra: { url: string }): void;
  release(): void;
};

/**
 * One process per data folder: two writers would each settle the other's sales. The lock is a
 * file naming its process; one whose process is gone (a crash, SIGKILL) is taken over.
 */
export function lockDataFolder(dataDir: string, transport: string): FolderLock {
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, hostname: os.hostname(), transport, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const other = liveHolder(dataDir);
      if (other) throw inUse(file, other);
      fs.rmSync(file, { force: true });
    }
  }
  let current: LockHolder = holder;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: a later process may hold it if ours was taken over as stale.
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return {
    update(extra) {
      current = { ...current, ...extra };
      fs.writeFileSync(file, JSON.stringify(current), { mode: 0o600 });
    },
    release,
  };
}

/** The process that has this folder open now, if any (a stale lock file names nobody). */
export function liveHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  if (!holder) return null;
  if (holder.hostname !== os.hostname()) return holder; // another machine on a shared folder: believe it
  try {
    process.kill(holder.pid, 0);
    return holder;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? holder : null;
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof value.pid === 'number' ? (value as LockHolder) : null;
  } catch {
    return null;
  }
}

/** The lock's transport while `npm run admin` works on the folder (unlock, reset-pin, restore). */
export const ADMIN_TRANSPORT = 'admin';

export function describeHolder(holder: LockHolder): string {
  if (holder.transport === ADMIN_TRANSPORT) {
    return `npm run admin is working on this data folder (process ${holder.pid} on ${holder.hostname}, since ${holder.startedAt})`;
  }
  const where = holder.url ? `; it is open at ${holder.url}` : holder.transport === 'electron' ? ' (the desktop app)' : '';
  return `eSIM Counter is already running on this data folder (process ${holder.pid} on ${holder.hostname}, since ${holder.startedAt})${where}`;
}

function inUse(file: string, holder: LockHolder): DataFolderError {
  const advice = holder.transport === ADMIN_TRANSPORT ? 'Wait for it to finish.' : 'Use that one, or stop it first.';
  return new DataFolderError('in_use', file, `${describeHolder(holder)}. ${advice}`);
}

/**
 * Versions before environments were kept apart had one journal, `journal.sqlite`, whatever the
 * environment. It becomes the Demo journal with everything it held; the environment its
 * settings chose (and that account's client id) carry over to counter.json, so the next start
 * opens the same environment, on a journal of its own.
 */
export function upgradeLegacyJournal(dataDir: string, log: (message: string) => void): boolean {
  const legacy = path.join(dataDir, LEGACY_JOURNAL_FILE);
  if (!fs.existsSync(legacy)) return false;
  const demo = journalPath(dataDir, 'demo');
  if (fs.existsSync(demo)) {
    log(`${legacy} was left as it is: ${demo} exists already`);
    return false;
  }
  const carried = readLegacyPartner(legacy, log);
  // The -wal and -shm go with their database, or SQLite would not find the last commits.
  for (const side of SQLITE_SIDE_FILES) {
    if (fs.existsSync(`${legacy}${side}`)) fs.renameSync(`${legacy}${side}`, `${demo}${side}`);
  }
  updateCounterConfig(dataDir, (config) => ({
    ...config,
    environment: carried?.environment ?? config.environment,
    accounts:
      carried && carried.environment !== 'demo' && carried.clientId
        ? {
            ...config.accounts,
            [carried.environment]: { clientId: carried.clientId, ...(carried.baseUrl ? { baseUrl: carried.baseUrl } : {}) },
          }
        : config.accounts,
    journals: { ...config.journals, demo: { createdAt: new Date().toISOString(), from: LEGACY_JOURNAL_FILE } },
  }));
  log(`${legacy} is now the Demo journal ${demo}`);
  return true;
}

function readLegacyPartner(
  file: string,
  log: (message: string) => void,
): { environment: Environment; clientId: string | null; baseUrl: string | null } | null {
  try {
    const settings = readLegacySettings(file, ['partner.environment', 'partner.clientId', 'partner.baseUrl']);
    return {
      environment: z.enum(ENVIRONMENTS).catch('demo').parse(settings['partner.environment']),
      clientId: partnerClientId.nullable().catch(null).parse(settings['partner.clientId']),
      baseUrl: partnerBaseUrl.nullable().catch(null).parse(settings['partner.baseUrl']),
    };
  } catch (error) {
    // A damaged file moves as it is; opening it as the Demo journal then says what is wrong.
    log(`the partner settings of ${file} could not be read (${(error as Error).message})`);
    return null;
  }
}

/**
 * Refuses to start on a journal that this folder held and that is now missing or empty. Stored
 * credentials are no evidence: a manager enters them (in Demo) before the journal is made.
 */
export function assertJournalNotLost(dataDir: string, environment: Environment, config: CounterConfig): void {
  const file = journalPath(dataDir, environment);
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return;
  let evidence: string | null = null;
  if (config.journals[environment]) evidence = `${CONFIG_FILE} records it`;
  else if (hasBackups(dataDir, environment)) evidence = `${BACKUPS_DIR}/${environment} holds backups of it`;
  if (evidence) throw new JournalMissingError(file, environment, evidence);
}

function hasBackups(dataDir: string, environment: Environment): boolean {
  try {
    return fs.readdirSync(backupsDir(dataDir, environment)).some((name) => name.endsWith('.sqlite'));
  } catch {
    return false;
  }
}

/** Records that the folder now holds this environment's journal. */
export function recordJournal(dataDir: string, environment: Environment): void {
  const config = readCounterConfig(dataDir);
  if (config.journals[environment]) return;
  writeCounterConfig(dataDir, {
    ...config,
    journals: { ...config.journals, [environment]: { createdAt: new Date().toISOString() } },
  });
}
