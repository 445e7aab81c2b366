import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBrowserModeSecretStore,
  KEYCHAIN_SERVICE,
  type KeyringBinding,
} from '../../../../../electron/backend/secrets/keychain.ts';
import { writeSecretsFile } from '../../../../../electron/backend/secrets/secrets.ts';
import { VaultSecretStore } from '../../../../../electron/backend/secrets/vault/store.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keychain-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Options = { linux?: { store?: string } };

/** An in-memory keychain behind the binding's shape; `broken` makes every call fail as a locked keyring does. */
function fakeKeyring() {
  const entries = new Map<string, string>();
  const seen: Array<{ service: string; account: string; options?: Options }> = [];
  const state = { broken: false };
  const check = () => {
    if (state.broken) throw new Error('Platform failure: the collection is locked');
  };
  class Entry {
    readonly #id: string;
    constructor(service: string, account: string, options?: Options) {
      seen.push({ service, account, options });
      this.#id = `${service}\n${account}`;
    }
    getPassword() {
      check();
      return entries.get(this.#id) ?? null;
    }
    setPassword(password: string) {
      check();
      entries.set(this.#id, password);
    }
    deleteCredential() {
      check();
      return entries.delete(this.#id);
    }
  }
  class AsyncEntry {
    readonly #entry: Entry;
    constructor(service: string, account: string, options?: Options) {
      this.#entry = new Entry(service, account, options);
    }
    async getPassword() {
      return this.#entry.getPassword();
    }
    async setPassword(password: string) {
      this.#entry.setPassword(password);
    }
    async deleteCredential() {
      return this.#entry.deleteCredential();
    }
  }
  const binding = { Entry, AsyncEntry } as unknown as KeyringBinding;
  return { binding, entries, seen, state };
}

function logged() {
  const lines: string[] = [];
  return { lines, log: (message: string) => void lines.push(message) };
}

describe('browser mode without a keychain', () => {
  it('uses the vault when the binding cannot be loaded, and says why', async () => {
    const dir = tempDir();
    const { lines, log } = logged();
    const missing = Object.assign(new Error("Cannot find module '@napi-rs/keyring-linux-x64-gnu'"), { code: 'MODULE_NOT_FOUND' });
    const chosen = await createBrowserModeSecretStore(dir, log, { fileOnly: false, loadBinding: () => Promise.reject(missing) });
    expect(chosen.kind).toBe('vault');
    expect(chosen.store).toBeInstanceOf(VaultSecretStore);
    expect(chosen.store.kind).toBe('vault');
    expect(chosen.store.file).toBe(path.join(dir, 'secrets.json'));
    // One line of words on the console; the loader's own error only in the detail, for support.
    expect(lines).toEqual([
      expect.stringMatching(
        /^secret store: No OS keychain: its library .* does not load on this computer: the secrets are sealed in .*secrets\.json under the managers' PINs/,
      ),
    ]);
    expect(lines[0]).not.toContain('Cannot find module');
    expect(chosen.detail).toContain("Cannot find module '@napi-rs/keyring-linux-x64-gnu'");
  });

  it('uses the vault when the probe throws', async () => {
    const dir = tempDir();
    const { lines, log } = logged();
    const keyring = fakeKeyring();
    keyring.state.broken = true;
    const chosen = await createBrowserModeSecretStore(dir, log, { fileOnly: false, loadBinding: async () => keyring.binding });
    expect(chosen.kind).toBe('vault');
    expect(lines).toEqual([expect.stringMatching(/^secret store: No OS keychain answered.*: the secrets are sealed in/)]);
    expect(lines[0]).not.toContain('Platform failure');
    expect(chosen.detail).toContain('Platform failure: the collection is locked');
  });

  it('does not wait on a keychain that never answers', async () => {
    const dir = tempDir();
    const { lines, log } = logged();
    const hung = {
      Entry: class {},
      AsyncEntry: class {
        setPassword = () => new Promise<void>(() => undefined);
      },
    } as unknown as KeyringBinding;
    const started = Date.now();
    const chosen = await createBrowserModeSecretStore(dir, log, {
      fileOnly: false,
      probeTimeoutMs: 100,
      loadBinding: async () => hung,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(chosen.kind).toBe('vault');
    expect(lines).toEqual([expect.stringMatching(/^secret store: No OS keychain answered/)]);
    expect(chosen.detail).toContain('no answer within 100 ms');
  });

  it('skips the keychain when asked to, without loading the binding', async () => {
    const { lines, log } = logged();
    const chosen = await createBrowserModeSecretStore(tempDir(), log, {
      fileOnly: true,
      loadBinding: () => Promise.reject(new Error('must not be loaded')),
    });
    expect(chosen.kind).toBe('vault');
    expect(lines).toEqual([expect.stringContaining('ESIM_COUNTER_SECRETS=file')]);
  });

  it('takes the real binding as this machine gives it: the keychain if one answers, else the vault', async () => {
    const dir = tempDir();
    const { lines, log } = logged();
    const chosen = await createBrowserModeSecretStore(dir, log, { fileOnly: false });
    expect(lines).toHaveLength(1);
    if (chosen.kind === 'vault') {
      // Here (CI, containers): no Secret Service on D-Bus, so the probe fails and says so.
      expect(lines[0]).toMatch(/^secret store: No OS keychain/);
      // A machine without a Secret Service is told so in words, not by the D-Bus error.
      expect(lines[0]).not.toMatch(/DBus|D-Bus|Platform failure/);
      chosen.store.vault!.bind('demo');
      await chosen.store.vault!.admitManager('manager-1', '4826');
      chosen.store.set('k', 'v');
      expect(chosen.store.get('k')).toBe('v');
      expect(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain('"v"');
    } else {
      expect(chosen.store.kind).toBe('os_keychain');
      chosen.store.set('k', 'v');
      expect(chosen.store.get('k')).toBe('v');
      chosen.store.delete('k');
      expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    }
  });
});

describe('browser mode with a keychain', () => {
  it('keeps values in the keychain under the app and this data folder, pinned to the Secret Service on Linux', async () => {
    const dir = tempDir();
    const { lines, log } = logged();
    const keyring = fakeKeyring();
    const chosen = await createBrowserModeSecretStore(dir, log, {
      fileOnly: false,
      platform: 'linux',
      loadBinding: async () => keyring.binding,
    });
    expect(chosen.kind).toBe('keychain');
    expect(chosen.store.kind).toBe('os_keychain');
    expect(lines).toEqual([expect.stringContaining(`OS keychain under "${KEYCHAIN_SERVICE}"`)]);
    // The probe cleaned up after itself.
    expect(keyring.entries.size).toBe(0);

    chosen.store.set('partner-client-secret:production', 'harbour-secret-42');
    expect(keyring.entries.get(`${KEYCHAIN_SERVICE}\npartner-client-secret:production @ ${dir}`)).toBe('harbour-secret-42');
    expect(chosen.store.get('partner-client-secret:production')).toBe('harbour-secret-42');
    chosen.store.delete('partner-client-secret:production');
    expect(chosen.store.get('partner-client-secret:production')).toBeNull();
    expect(keyring.entries.size).toBe(0);
    expect(keyring.seen.every((e) => e.options?.linux?.store === 'secret-service')).toBe(true);
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('says which key failed when the keychain refuses later, without the value', async () => {
    const keyring = fakeKeyring();
    const chosen = await createBrowserModeSecretStore(tempDir(), () => undefined, {
      fileOnly: false,
      loadBinding: async () => keyring.binding,
    });
    keyring.state.broken = true;
    expect(() => chosen.store.set('partner-client-secret:production', 'harbour-secret-42')).toThrow(
      /^The OS keychain could not save "partner-client-secret:production": Platform failure: the collection is locked$/,
    );
    expect(() => chosen.store.get('partner-token:x')).toThrow(/could not read "partner-token:x"/);
  });

  it('moves what the file held into the keychain, then removes the file', async () => {
    const dir = tempDir();
    // The plain file of an older version.
    writeSecretsFile(path.join(dir, 'secrets.json'), { 'partner-client-secret:production': 'harbour-secret-42' });
    const { lines, log } = logged();
    const keyring = fakeKeyring();
    const chosen = await createBrowserModeSecretStore(dir, log, { fileOnly: false, loadBinding: async () => keyring.binding });
    expect(chosen.kind).toBe('keychain');
    expect(chosen.store.get('partner-client-secret:production')).toBe('harbour-secret-42');
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    expect(lines[0]).toMatch(/moved 1 value\(s\) from .*secrets\.json into the OS keychain/);
    expect(lines.join('\n')).not.toContain('harbour-secret-42');
  });

  it('leaves a damaged file where it is, and still uses the keychain', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    fs.writeFileSync(file, '{"partner-client-secret:production": "harb', { mode: 0o600 });
    const { lines, log } = logged();
    const chosen = await createBrowserModeSecretStore(dir, log, {
      fileOnly: false,
      loadBinding: async () => fakeKeyring().binding,
    });
    expect(chosen.kind).toBe('keychain');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"partner-client-secret:production": "harb');
    expect(lines[0]).toMatch(/is not moved into the keychain: .*is damaged/);
  });
});
