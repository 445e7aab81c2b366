import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SecretFileError } from '../../../../electron/backend/secrets/secrets.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { SafeStorage } from '../../../../electron/shell/electron-types.ts';
import {
  checkKeychain,
  KeychainUnavailableError,
  SafeStorageSecretStore,
  shellSecretStore,
} from '../../../../electron/shell/secrets.ts';
import { VaultSecretStore } from '../../../../electron/backend/secrets/vault/store.ts';
import { FakeSafeStorage } from '../../../support/fake-electron.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'secrets.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const asSafeStorage = (fake: FakeSafeStorage) => fake as unknown as SafeStorage;

describe('the keychain check', () => {
  it('refuses Linux’s basic_text backend with a setup message', () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    expect(() => checkKeychain(asSafeStorage(safeStorage), 'linux')).toThrow(KeychainUnavailableError);
    try {
      checkKeychain(asSafeStorage(safeStorage), 'linux');
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/basic_text/);
      expect(message).toMatch(/not stored at all/);
      expect(message).toMatch(/GNOME Keyring/);
      expect(message).toMatch(/--password-store=gnome-libsecret/);
    }
  });

  it('refuses when encryption is unavailable or the backend is not chosen yet, and accepts a real keyring', () => {
    const safeStorage = new FakeSafeStorage();
    expect(() => checkKeychain(asSafeStorage(safeStorage), 'linux')).not.toThrow();
    safeStorage.backend = 'unknown';
    expect(() => checkKeychain(asSafeStorage(safeStorage), 'linux')).toThrow(/not been selected/);
    safeStorage.available = false;
    expect(() => checkKeychain(asSafeStorage(safeStorage), 'win32')).toThrow(/keychain is not available.*Windows/s);
    safeStorage.available = true;
    safeStorage.backend = 'basic_text'; // the backend name means nothing off Linux
    expect(() => checkKeychain(asSafeStorage(safeStorage), 'darwin')).not.toThrow();
  });
});

describe('the shell’s store', () => {
  it('is the vault, never safeStorage’s plaintext-equivalent, when Linux has only basic_text', async () => {
    const file = tempFile();
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    const lines: string[] = [];
    const store = shellSecretStore(asSafeStorage(safeStorage), file, 'linux', (message) => void lines.push(message));
    expect(store).toBeInstanceOf(VaultSecretStore);
    expect(lines.join('\n')).toMatch(/only basic_text .*sealed in .*secrets\.json under the managers' PINs/);
    store.vault!.bind('production');
    await store.vault!.admitManager('owner-1', '4826');
    store.set('partner-client-secret:production', 'very-secret');
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/very-secret|dmVyeS1zZWNyZXQ/);
    expect(store.get('partner-client-secret:production')).toBe('very-secret');
  });

  it('is safeStorage with a real keyring, and off Linux', () => {
    const safeStorage = new FakeSafeStorage();
    expect(shellSecretStore(asSafeStorage(safeStorage), tempFile(), 'linux', () => undefined)).toBeInstanceOf(
      SafeStorageSecretStore,
    );
    safeStorage.backend = 'basic_text';
    expect(shellSecretStore(asSafeStorage(safeStorage), tempFile(), 'darwin', () => undefined)).toBeInstanceOf(
      SafeStorageSecretStore,
    );
  });
});

describe('SafeStorageSecretStore', () => {
  it('keeps only sealed values on disk and reads them back', () => {
    const file = tempFile();
    const store = new SafeStorageSecretStore(asSafeStorage(new FakeSafeStorage()), file, 'linux');
    store.set('client_secret', 'very-secret');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('very-secret');
    expect(store.get('client_secret')).toBe('very-secret');
    store.delete('client_secret');
    expect(store.get('client_secret')).toBeNull();
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes nothing when the backend is basic_text', () => {
    const file = tempFile();
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    const store = new SafeStorageSecretStore(asSafeStorage(safeStorage), file, 'linux');
    expect(() => store.set('client_secret', 'very-secret')).toThrow(KeychainUnavailableError);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses to read or overwrite a damaged file, and leaves it exactly as it was', () => {
    const file = tempFile();
    fs.writeFileSync(file, '{"partner-secret": "c2VhbGVk", trunc', { mode: 0o600 });
    const store = new SafeStorageSecretStore(asSafeStorage(new FakeSafeStorage()), file, 'linux');
    expect(() => store.get('partner-secret')).toThrow(SecretFileError);
    expect(() => store.set('partner-token', 'new-token')).toThrow(/left exactly as it is/);
    expect(() => store.delete('partner-secret')).toThrow(SecretFileError);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"partner-secret": "c2VhbGVk", trunc');
  });
});
