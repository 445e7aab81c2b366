/**
 * Credentials and the access token, encrypted with the OS keychain through safeStorage. Linux's
 * `basic_text` backend encrypts with a fixed, public password, so it is refused outright rather than
 * used as a silent plaintext fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import type { SecretStore } from '../secrets.ts';

export class KeychainUnavailableError extends Error {
  constructor(reason: string) {
    super(
      `${reason} Partner credentials cannot be stored safely. On Linux, install and unlock a keyring (GNOME Keyring or KWallet) and start the app again.`,
    );
    this.name = 'KeychainUnavailableError';
  }
}

export function checkKeychain(safeStorage: SafeStorage, platform: NodeJS.Platform = process.platform): void {
  if (!safeStorage.isEncryptionAvailable()) throw new KeychainUnavailableError('The system keychain is not available.');
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    throw new KeychainUnavailableError('Only the plain-text keychain backend is available.');
  }
}

export class SafeStorageSecretStore implements SecretStore {
  readonly #safeStorage: SafeStorage;
  readonly #file: string;

  constructor(safeStorage: SafeStorage, file: string) {
    this.#safeStorage = safeStorage;
    this.#file = file;
  }

  #read(): Record<string, string> {
    try {
      return JSON.parse(fs.readFileSync(this.#file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  #write(values: Record<string, string>): void {
    fs.mkdirSync(path.dirname(this.#file), { recursive: true });
    const temp = `${this.#file}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(values), { mode: 0o600 });
    fs.renameSync(temp, this.#file);
  }

  get(key: string): string | null {
    const sealed = this.#read()[key];
    if (!sealed) return null;
    checkKeychain(this.#safeStorage);
    return this.#safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  set(key: string, value: string): void {
    checkKeychain(this.#safeStorage);
    this.#write({ ...this.#read(), [key]: this.#safeStorage.encryptString(value).toString('base64') });
  }

  delete(key: string): void {
    const values = this.#read();
    delete values[key];
    this.#write(values);
  }
}
