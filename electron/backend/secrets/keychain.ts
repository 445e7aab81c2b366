/**
 * Browser mode's secrets: the OS keychain (macOS Keychain, Windows Credential Manager, the Secret
 * Service of GNOME Keyring or KWallet) through @napi-rs/keyring where one answers, else the vault
 * of electron/backend/secrets/vault/store.ts (sealed under the managers' PINs, never plain). The choice is made
 * once at start and said in the log and in Settings; the Electron shell does not come here (it has
 * safeStorage).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readOwnerOnlyJson, plainSecrets, SecretFileError, type SecretLog, type SecretStore } from './secrets.ts';
import { secretEnvironment } from '../data-folder.ts';
import { VaultSecretStore } from './vault/store.ts';

/** The service name our entries are filed under in the keychain. */
export const KEYCHAIN_SERVICE = 'eSIM Counter';

/** The part of @napi-rs/keyring used here, so tests can stand in a binding that fails. */
export type KeyringBinding = {
  Entry: new (
    service: string,
    username: string,
    options?: KeyringEntryOptions,
  ) => {
    getPassword(): string | null;
    setPassword(password: string): void;
    deleteCredential(): boolean;
  };
  AsyncEntry: new (
    service: string,
    username: string,
    options?: KeyringEntryOptions,
  ) => {
    getPassword(signal?: AbortSignal): Promise<string | null>;
    setPassword(password: string, signal?: AbortSignal): Promise<void>;
    deleteCredential(signal?: AbortSignal): Promise<boolean>;
  };
};
type KeyringEntryOptions = { linux?: { store?: 'secret-service' | 'keyutils' } };

export type BrowserModeSecrets = {
  readonly store: SecretStore;
  readonly kind: 'keychain' | 'vault';
  /** Why this store, in a line for the log. */
  readonly detail: string;
};

export type BrowserModeSecretOptions = {
  /** Loads the binding; a missing platform package or an unsupported platform rejects. */
  readonly loadBinding?: () => Promise<KeyringBinding>;
  /** How long the keychain may take to answer the start-up probe. */
  readonly probeTimeoutMs?: number;
  readonly platform?: NodeJS.Platform;
  /**
   * Skips the keychain for the vault (default: ESIM_COUNTER_SECRETS=file), so test runs on a developer's desktop
   * neither depend on its keyring nor leave entries in it.
   */
  readonly fileOnly?: boolean;
};

const loadRealBinding = async (): Promise<KeyringBinding> => (await import('@napi-rs/keyring')) as unknown as KeyringBinding;

/**
 * Probes the keychain once (write, read back, delete) within a time limit and returns the store to
 * use. Never throws: whatever goes wrong with the keychain, the counter starts on the vault, and
 * the log says why.
 */
export async function createBrowserModeSecretStore(
  dataDir: string,
  log: SecretLog,
  options: BrowserModeSecretOptions = {},
): Promise<BrowserModeSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  // The start-up line says why in words a shop owner can act on; the binding's own error (a D-Bus
  // message on Linux) goes into `detail` alone, for whoever supports the shop.
  const fallback = (why: string, technical?: unknown): BrowserModeSecrets => {
    const line = `${why}: the secrets are sealed in ${file} under the managers' PINs (readable by this account only)`;
    log(`secret store: ${line}`);
    const detail = technical === undefined ? line : `${line} (${messageOf(technical)})`;
    return { store: new VaultSecretStore(file, log, { environmentOf: secretEnvironment }), kind: 'vault', detail };
  };

  if (options.fileOnly ?? process.env.ESIM_COUNTER_SECRETS === 'file')
    return fallback('The OS keychain is not used (ESIM_COUNTER_SECRETS=file)');
  let binding: KeyringBinding;
  try {
    binding = await (options.loadBinding ?? loadRealBinding)();
  } catch (error) {
    return fallback('No OS keychain: its library (@napi-rs/keyring) does not load on this computer', error);
  }
  const platform = options.platform ?? process.platform;
  // Left to itself the binding falls back on Linux to the kernel keyring, which forgets everything
  // at a reboot: the partner secret would vanish. Only the Secret Service keeps it.
  const entryOptions: KeyringEntryOptions | undefined = platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
  const account = (key: string) => `${key} @ ${dataDir}`;

  try {
    await withTimeout(options.probeTimeoutMs ?? 3000, (signal) =>
      probe(binding, account('start-up probe'), entryOptions, signal),
    );
  } catch (error) {
    return fallback(
      platform === 'linux'
        ? 'No OS keychain answered (on Linux the desktop’s keyring, such as GNOME Keyring, must be running and unlocked)'
        : 'No OS keychain answered',
      error,
    );
  }

  const open = () => new KeychainSecretStore(binding, account, entryOptions);
  const store = open();
  try {
    moveFileIntoKeychain(file, store, open, log);
  } catch (error) {
    return fallback(`The OS keychain answered but could not take over ${file}`, error);
  }
  const detail = `secrets are kept in the OS keychain under "${KEYCHAIN_SERVICE}"`;
  log(`secret store: ${detail}`);
  return { store, kind: 'keychain', detail };
}

/** The OS keychain; values read are kept in memory so a Settings page does not ask D-Bus each time. */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'os_keychain';
  readonly #binding: KeyringBinding;
  readonly #account: (key: string) => string;
  readonly #options: KeyringEntryOptions | undefined;
  readonly #known = new Map<string, string | null>();

  constructor(binding: KeyringBinding, account: (key: string) => string, options?: KeyringEntryOptions) {
    this.#binding = binding;
    this.#account = account;
    this.#options = options;
  }

  get(key: string): string | null {
    if (this.#known.has(key)) return this.#known.get(key)!;
    const value = this.#call('read', key, (entry) => entry.getPassword());
    this.#known.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    this.#call('save', key, (entry) => entry.setPassword(value));
    this.#known.set(key, value);
  }

  delete(key: string): void {
    this.#call('delete', key, (entry) => entry.deleteCredential());
    this.#known.set(key, null);
  }

  #call<T>(what: string, key: string, run: (entry: InstanceType<KeyringBinding['Entry']>) => T): T {
    try {
      return run(new this.#binding.Entry(KEYCHAIN_SERVICE, this.#account(key), this.#options));
    } catch (error) {
      throw new Error(`The OS keychain could not ${what} "${key}": ${messageOf(error)}`, { cause: error });
    }
  }
}

async function probe(binding: KeyringBinding, account: string, options: KeyringEntryOptions | undefined, signal: AbortSignal) {
  const entry = new binding.AsyncEntry(KEYCHAIN_SERVICE, account, options);
  const marker = `probe-${process.pid}-${Date.now()}`;
  await entry.setPassword(marker, signal);
  const back = await entry.getPassword(signal);
  await entry.deleteCredential(signal);
  if (back !== marker) throw new Error('what was written could not be read back');
}

/**
 * The binding's abort only stops waiting on our side; the race makes sure a hung D-Bus call
 * cannot hold up the start even if the binding ignores the signal.
 */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A counter that ran on the file store before the keychain answered keeps its partner secret: the
 * values move into the keychain, are read back, and only then is the file removed. A damaged file
 * is left alone (and said in the log): it is no longer used, and it may hold what someone wants back.
 */
function moveFileIntoKeychain(file: string, store: SecretStore, open: () => SecretStore, log: SecretLog): void {
  let values: Record<string, string>;
  try {
    const parsed = readOwnerOnlyJson(file, log);
    if (typeof parsed === 'object' && parsed !== null && 'vault' in parsed) {
      // Sealed values open only with a manager's PIN, which the start does not have.
      log(
        `secret store: ${file} holds values sealed under the managers' PINs; they are not moved into the keychain, so enter them again in Settings`,
      );
      return;
    }
    values = plainSecrets(file, parsed);
  } catch (error) {
    if (!(error instanceof SecretFileError)) throw error;
    log(`secret store: ${file} is not moved into the keychain: ${error.message}`);
    return;
  }
  const keys = Object.keys(values);
  if (keys.length === 0) return;
  for (const key of keys) {
    store.set(key, values[key]!);
    // A fresh store reads past the first one's memory: the keychain itself must give the value back.
    if (open().get(key) !== values[key]) {
      throw new Error(`"${key}" did not read back the same from the keychain`);
    }
  }
  fs.rmSync(file);
  log(`secret store: moved ${keys.length} value(s) from ${file} into the OS keychain and removed the file`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
