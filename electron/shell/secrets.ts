/**
 * Credentials and the access token, encrypted with the OS keychain through safeStorage. Linux's
 * `basic_text` backend encrypts with a fixed, public password, so it is never used: with it the
 * shell keeps its secrets in browser mode's vault instead (sealed under the managers' PINs).
 */
import type { SafeStorage } from 'electron';
import { secretEnvironment } from '../backend/data-folder.ts';
import { readSecretsFile, writeSecretsFile, type SecretLog, type SecretStore } from '../backend/secrets/secrets.ts';
import { VaultSecretStore } from '../backend/secrets/vault/store.ts';

/**
 * The shell's store, chosen after the app is ready (before that, Linux reports `unknown`): the
 * keychain through safeStorage, or the vault where safeStorage's only backend is `basic_text`.
 */
export function shellSecretStore(safeStorage: SafeStorage, file: string, platform: NodeJS.Platform, log: SecretLog): SecretStore {
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    log(
      `secret store: safeStorage has only basic_text (a publicly known password); secrets are sealed in ${file} under the managers' PINs`,
    );
    return new VaultSecretStore(file, log, { environmentOf: secretEnvironment });
  }
  return new SafeStorageSecretStore(safeStorage, file, platform, log);
}

/** What to do about it, per platform: the message the clerk or the installer reads. */
export function keychainSetupHelp(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return (
      'Set up a keyring for this user: install GNOME Keyring (packages gnome-keyring and libsecret-1-0) or KWallet, ' +
      'make sure it is unlocked when you sign in to the desktop, and start eSIM Counter again. ' +
      'If the desktop is not detected, start it with --password-store=gnome-libsecret (or kwallet5 / kwallet6).'
    );
  }
  if (platform === 'darwin') return 'Unlock the login keychain (Keychain Access) and start eSIM Counter again.';
  return 'Sign in to Windows with a normal user account (not a temporary profile) and start eSIM Counter again.';
}

export class KeychainUnavailableError extends Error {
  readonly platform: NodeJS.Platform;
  constructor(reason: string, platform: NodeJS.Platform = process.platform) {
    super(`${reason} Partner credentials cannot be stored safely, so they are not stored at all. ${keychainSetupHelp(platform)}`);
    this.name = 'KeychainUnavailableError';
    this.platform = platform;
  }
}

/**
 * Throws unless safeStorage encrypts with a real OS keychain. Call it after the app is ready:
 * before that, Linux reports the backend as `unknown`.
 */
export function checkKeychain(safeStorage: SafeStorage, platform: NodeJS.Platform = process.platform): void {
  if (!safeStorage.isEncryptionAvailable()) throw new KeychainUnavailableError('The system keychain is not available.', platform);
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text') {
      throw new KeychainUnavailableError(
        'Only the plain-text backend (basic_text) is available: it encrypts with a fixed, publicly known password.',
        platform,
      );
    }
    if (backend === 'unknown') throw new KeychainUnavailableError('The system keychain has not been selected yet.', platform);
  }
}

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safe_storage';
  readonly #safeStorage: SafeStorage;
  readonly #file: string;
  readonly #platform: NodeJS.Platform;

  readonly #log: SecretLog;

  constructor(
    safeStorage: SafeStorage,
    file: string,
    platform: NodeJS.Platform = process.platform,
    log: SecretLog = (message) => console.error(message),
  ) {
    this.#safeStorage = safeStorage;
    this.#file = file;
    this.#platform = platform;
    this.#log = log;
  }

  // The same strict file rules as browser mode's store: a damaged file fails reads and refuses
  // writes, so the partner secret is never replaced by an empty list.
  #read(): Record<string, string> {
    return readSecretsFile(this.#file, this.#log);
  }

  #write(values: Record<string, string>): void {
    writeSecretsFile(this.#file, values);
  }

  get(key: string): string | null {
    const sealed = this.#read()[key];
    if (!sealed) return null;
    checkKeychain(this.#safeStorage, this.#platform);
    return this.#safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  set(key: string, value: string): void {
    checkKeychain(this.#safeStorage, this.#platform);
    this.#write({ ...this.#read(), [key]: this.#safeStorage.encryptString(value).toString('base64') });
  }

  delete(key: string): void {
    const values = this.#read();
    if (!(key in values)) return;
    delete values[key];
    this.#write(values);
  }
}
