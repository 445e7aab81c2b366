/**
 * Secrets where no OS keychain keeps them (browser mode without one, and the Electron shell when
 * safeStorage only has Linux's `basic_text`): sealed in secrets.json under a random vault key that
 * is itself only stored wrapped, under each manager's PIN and under the owner's recovery code. After
 * a start the vault is locked; a manager's sign-in opens it (the PIN is in memory at that moment)
 * and the key then stays in this process's memory only.
 *
 * Each partner environment has a vault of its own, opened by that environment's managers: Demo's
 * staff (whose PINs are published) can never open Production's. So a secret is sealed only into the
 * vault of the environment that is running, and one for another environment is refused with words.
 *
 * What it is worth, honestly: the file is owner-only (0600, in a 0700 folder), so other user
 * accounts cannot read it at all. Someone who does get a copy (a backup, a stolen disk, a program
 * running as the same account) holds each wrap: a 4-digit PIN is 10 000 guesses of scrypt (about
 * 128 MiB and a few hundred ms each), an afternoon on one core; an 8-digit PIN is years. The
 * recovery code's wrap (100 bits) cannot be guessed. Compared with the plain file it replaces, a
 * copy of the folder no longer hands over the partner secret as it is: it takes a PIN search.
 */
import fs from 'node:fs';
import { z } from 'zod';
import type { Environment } from '../../../../shared/contract.ts';
import { ENVIRONMENTS } from '../../../../shared/environments.ts';
import {
  plainSecrets,
  readOwnerOnlyJson,
  SecretFileError,
  writeSecretsFile,
  type SecretLog,
  type SecretStore,
} from '../secrets.ts';
import { VAULT_SCRYPT, type ScryptParams } from '../../staff/pin-hash.ts';
import { newVaultKey, open, seal, Sealed, unwrap, wrap, Wrapped } from './crypto.ts';

/** A secret is needed, and the vault that keeps it is locked until a manager signs in. */
export class SecretsLockedError extends Error {
  constructor(environment: Environment) {
    super(
      `The ${environment} secrets are sealed under the managers' PINs, and no manager has signed in since the start: ` +
        'a manager signs in once to open them.',
    );
    this.name = 'SecretsLockedError';
  }
}

/** A secret for another environment: its vault opens only with that environment's managers. */
export class SecretsElsewhereError extends Error {
  constructor(environment: Environment, running: Environment) {
    super(
      `With no keychain on this computer, the ${environment} secret is sealed under the PINs of ${environment}'s managers, ` +
        `which the ${running} counter does not know: save it in Settings once the counter runs on ${environment}.`,
    );
    this.name = 'SecretsElsewhereError';
  }
}

const EnvironmentVault = z.strictObject({
  /** `manager:<staff id>` or `recovery`. */
  wraps: z.record(z.string(), Wrapped),
  values: z.record(z.string(), Sealed),
});
type EnvironmentVault = z.infer<typeof EnvironmentVault>;

const VaultFile = z.strictObject({
  vault: z.literal(1),
  environments: z.partialRecord(z.enum(ENVIRONMENTS), EnvironmentVault),
  /** Plain values of an older version, each moved into its environment's vault when that first opens. */
  legacy: z.record(z.string(), z.string()),
  /** Vaults that nobody on file could open any more, set aside by a first-run setup rather than deleted. */
  retired: z.record(z.string(), EnvironmentVault),
});
type VaultFile = z.infer<typeof VaultFile>;

const EMPTY: VaultFile = { vault: 1, environments: {}, legacy: {}, retired: {} };
const RECOVERY = 'recovery';
const managerWrap = (staffId: string) => `manager:${staffId}`;

export type VaultState = 'open' | 'locked' | 'empty';

export type VaultOptions = {
  readonly scrypt?: ScryptParams;
  /** Which environment a value belongs to when its name says (a partner client secret); else the running one. */
  readonly environmentOf?: (key: string) => Environment | null;
  /** For a store made before the environment is known (browser mode's start); bind() sets it once. */
  readonly environment?: Environment;
};

export class VaultSecretStore implements SecretStore {
  readonly kind = 'vault';
  readonly file: string;
  readonly #log: SecretLog;
  #scrypt: ScryptParams;
  readonly #environmentOf: (key: string) => Environment | null;
  #environment: Environment | null;
  #key: Buffer | null = null;
  /** Managers whose wrap was seen to open with their PIN in this run: not stretched again at each sign-in. */
  readonly #proven = new Set<string>();
  /** Wrapping takes a scrypt each, off the event loop: one change at a time, in the order asked. */
  #queue: Promise<unknown> = Promise.resolve();
  #cache: { readonly stamp: string; readonly file: VaultFile } | null = null;

  constructor(file: string, log: SecretLog, options: VaultOptions = {}) {
    this.file = file;
    this.#log = log;
    this.#scrypt = options.scrypt ?? VAULT_SCRYPT;
    this.#environmentOf = options.environmentOf ?? (() => null);
    this.#environment = options.environment ?? null;
  }

  get vault(): this {
    return this;
  }

  /**
   * The running environment, once its journal is chosen; its vault is the one that opens. Its PINs
   * may be stretched at another cost than the store's (Demo's, whose accounts' PINs are public).
   */
  bind(environment: Environment, scrypt?: ScryptParams): void {
    if (this.#environment !== null && this.#environment !== environment) {
      throw new Error(`the secret vault is bound to ${this.#environment} already`);
    }
    this.#environment = environment;
    if (scrypt) this.#scrypt = scrypt;
  }

  state(): VaultState {
    if (this.#key) return 'open';
    const environment = this.#environment;
    return environment && this.#read().environments[environment] ? 'locked' : 'empty';
  }

  /** Whether a value is stored, without opening it: a locked vault still knows its names. */
  has(key: string): boolean {
    const file = this.#read();
    if (key in file.legacy) return true;
    const environment = this.#environmentOf(key) ?? this.#environment;
    return environment !== null && key in (file.environments[environment]?.values ?? {});
  }

  get(key: string): string | null {
    const file = this.#read();
    // Plain already, until its environment's vault first opens and seals it.
    if (key in file.legacy) return file.legacy[key]!;
    const environment = this.#environmentOf(key) ?? this.#running();
    const sealed = file.environments[environment]?.values[key];
    if (!sealed) return null;
    if (environment !== this.#environment || !this.#key) throw new SecretsLockedError(environment);
    const plain = open(this.#key, sealed, label(environment, key));
    if (!plain) throw new SecretFileError(this.file, `is damaged (the sealed value of ${JSON.stringify(key)} does not open)`);
    return plain.toString('utf8');
  }

  set(key: string, value: string): void {
    const running = this.#running();
    const environment = this.#environmentOf(key) ?? running;
    if (environment !== running) throw new SecretsElsewhereError(environment, running);
    const vaultKey = this.#key;
    if (!vaultKey) throw new SecretsLockedError(running);
    this.#update((file) => {
      const vault = file.environments[running]!;
      vault.values[key] = seal(vaultKey, Buffer.from(value, 'utf8'), label(running, key));
      delete file.legacy[key];
    });
  }

  delete(key: string): void {
    const environment = this.#environmentOf(key) ?? this.#environment;
    const file = this.#read();
    const vault = environment ? file.environments[environment] : undefined;
    if (!(key in file.legacy) && !(vault && key in vault.values)) return;
    this.#update((next) => {
      delete next.legacy[key];
      if (environment) delete next.environments[environment]?.values[key];
    });
  }

  /**
   * A manager has just signed in with this PIN: a vault not made yet is made, a locked one opens
   * with their wrap, and an open one gets a wrap for them (new, or after their PIN changed).
   */
  admitManager(staffId: string, pin: string): Promise<void> {
    return this.#serial(() => this.#admit(staffId, pin));
  }

  async #admit(staffId: string, pin: string): Promise<void> {
    const environment = this.#running();
    const wraps = this.#read().environments[environment]?.wraps;
    if (!wraps) {
      await this.#create(environment, { [managerWrap(staffId)]: pin });
      this.#proven.add(staffId);
      return;
    }
    const own = wraps[managerWrap(staffId)];
    if (own && (!this.#key || !this.#proven.has(staffId))) {
      const key = await unwrap(own, pin, wrapLabel(environment, managerWrap(staffId)));
      if (key && !this.#key) this.#opened(environment, key, 'a manager signed in');
      if (key) {
        this.#proven.add(staffId);
        return;
      }
    }
    if (!this.#key) {
      this.#log(`secret store: the ${environment} secrets stay locked: no wrap of them opens with this manager's PIN`);
      return;
    }
    if (!this.#proven.has(staffId)) await this.#wrapPin(staffId, pin);
  }

  /** A manager's new PIN, known at a reset: their wrap follows it while the vault is open. */
  wrapPin(staffId: string, pin: string): Promise<void> {
    return this.#serial(() => this.#wrapPin(staffId, pin));
  }

  async #wrapPin(staffId: string, pin: string): Promise<void> {
    const environment = this.#running();
    const vaultKey = this.#key;
    if (!vaultKey) return;
    const wrapped = await wrap(vaultKey, pin, wrapLabel(environment, managerWrap(staffId)), this.#scrypt);
    this.#update((file) => void (file.environments[environment]!.wraps[managerWrap(staffId)] = wrapped));
    this.#proven.add(staffId);
  }

  /** A staff member who may no longer open the vault (switched off, no longer a manager). */
  forget(staffId: string): void {
    const environment = this.#running();
    if (!this.#read().environments[environment]?.wraps[managerWrap(staffId)]) return;
    this.#update((file) => void delete file.environments[environment]!.wraps[managerWrap(staffId)]);
    this.#proven.delete(staffId);
  }

  /**
   * First-run setup: the owner's PIN and recovery code wrap the environment's vault. A vault left
   * from an earlier journal of this environment, which nobody now on file can open, is set aside.
   */
  ownerCreated(staffId: string, pin: string, recoveryCode: string): Promise<void> {
    return this.#serial(() => this.#ownerCreated(staffId, pin, recoveryCode));
  }

  async #ownerCreated(staffId: string, pin: string, recoveryCode: string): Promise<void> {
    const environment = this.#running();
    const earlier = this.#read().environments[environment];
    if (earlier && !this.#key) {
      const at = new Date().toISOString();
      this.#update((file) => {
        file.retired[`${environment}@${at}`] = earlier;
        delete file.environments[environment];
      });
      this.#log(
        `secret store: the ${environment} vault of an earlier journal is set aside in ${this.file} (under "retired"); its secrets must be entered again`,
      );
    }
    if (this.#key) {
      await this.#wrapPin(staffId, pin);
      await this.#wrapRecovery(environment, recoveryCode);
      return;
    }
    await this.#create(environment, { [managerWrap(staffId)]: pin, [RECOVERY]: recoveryCode });
    this.#proven.add(staffId);
  }

  /**
   * The owner's way back (npm run admin -- reset-pin): the recovery code opens the vault and the
   * manager's new PIN wraps it. Returns false when there is no vault, or it has no recovery wrap.
   */
  recover(recoveryCode: string, staffId: string, newPin: string): Promise<boolean> {
    return this.#serial(() => this.#recover(recoveryCode, staffId, newPin));
  }

  async #recover(recoveryCode: string, staffId: string, newPin: string): Promise<boolean> {
    const environment = this.#running();
    const wrapped = this.#read().environments[environment]?.wraps[RECOVERY];
    if (!wrapped) return false;
    const key = await unwrap(wrapped, recoveryCode, wrapLabel(environment, RECOVERY));
    if (!key) return false;
    if (!this.#key) this.#opened(environment, key, 'the owner’s recovery code was given');
    await this.#wrapPin(staffId, newPin);
    return true;
  }

  /** Once the wraps asked for so far are made: a write waits for the vault a sign-in is still making. */
  settled(): Promise<void> {
    return this.#queue.then(() => undefined);
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #create(environment: Environment, secrets: Record<string, string>): Promise<void> {
    const vaultKey = newVaultKey();
    const wraps: EnvironmentVault['wraps'] = {};
    for (const [id, secret] of Object.entries(secrets)) {
      wraps[id] = await wrap(vaultKey, secret, wrapLabel(environment, id), this.#scrypt);
    }
    this.#update((file) => void (file.environments[environment] = { wraps, values: {} }));
    this.#opened(environment, vaultKey, 'it was made');
  }

  async #wrapRecovery(environment: Environment, code: string): Promise<void> {
    const wrapped = await wrap(this.#key!, code, wrapLabel(environment, RECOVERY), this.#scrypt);
    this.#update((file) => void (file.environments[environment]!.wraps[RECOVERY] = wrapped));
  }

  /** The key is held; plain values of an older version that belong here are sealed, and their plain text removed. */
  #opened(environment: Environment, vaultKey: Buffer, why: string): void {
    this.#key = vaultKey;
    this.#log(`secret store: the ${environment} secrets are open in memory (${why})`);
    const legacy = this.#read().legacy;
    const mine = Object.keys(legacy).filter((key) => (this.#environmentOf(key) ?? environment) === environment);
    if (mine.length === 0) return;
    this.#update((file) => {
      for (const key of mine) {
        file.environments[environment]!.values[key] = seal(vaultKey, Buffer.from(legacy[key]!, 'utf8'), label(environment, key));
        delete file.legacy[key];
      }
    });
    const left = Object.keys(legacy).length - mine.length;
    this.#log(
      `secret store: sealed ${mine.length} value(s) that ${this.file} kept in plain text, and removed the plain text` +
        (left > 0 ? `; ${left} of other environments stay as they were until a manager signs in there` : ''),
    );
  }

  #running(): Environment {
    if (!this.#environment) throw new Error('the secret vault is used before the running environment is known');
    return this.#environment;
  }

  /**
   * The file as it is now. A sale asks whether the secret opens, so the parsed file is kept while
   * the file is the same one, unchanged (its inode, size and change times); a copy is handed out,
   * since #update changes what it reads.
   */
  #read(): VaultFile {
    const stamp = fileStamp(this.file);
    if (this.#cache === null || this.#cache.stamp !== stamp) this.#cache = { stamp, file: this.#parse() };
    return structuredClone(this.#cache.file);
  }

  #parse(): VaultFile {
    const parsed = readOwnerOnlyJson(this.file, this.#log);
    if (parsed === undefined) return structuredClone(EMPTY);
    if (typeof parsed === 'object' && parsed !== null && 'vault' in parsed) {
      const vault = VaultFile.safeParse(parsed);
      if (!vault.success) throw new SecretFileError(this.file, 'is damaged (its sealed values are not in the expected form)');
      return vault.data;
    }
    // The plain file of an older version: read as it is, sealed when the vault opens.
    return { ...structuredClone(EMPTY), legacy: plainSecrets(this.file, parsed) };
  }

  #update(change: (file: VaultFile) => void): void {
    const file = this.#read();
    change(file);
    writeSecretsFile(this.file, file);
  }
}

/** What tells one state of the file from another without reading it; none when it is not there. */
function fileStamp(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  } catch {
    return 'none';
  }
}

/** What a sealed value is bound to: moved under another name or environment, it does not open. */
const label = (environment: Environment, key: string) => `esim-counter value\0${environment}\0${key}`;
const wrapLabel = (environment: Environment, id: string) => `esim-counter vault key\0${environment}\0${id}`;
