import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretEnvironment } from '../../../../../../electron/backend/data-folder.ts';
import { MIN_SCRYPT_N } from '../../../../../../electron/backend/staff/pin-hash.ts';
import {
  SecretsElsewhereError,
  SecretsLockedError,
  VaultSecretStore,
} from '../../../../../../electron/backend/secrets/vault/store.ts';
import type { Environment } from '../../../../../../shared/contract.ts';

const SECRET = 'harbour-live-secret-7f3a9c';
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.live-token';
const scrypt = { N: MIN_SCRYPT_N, r: 8, p: 1 };

function folder() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-'));
  return { dataDir, file: path.join(dataDir, 'secrets.json') };
}

function store(file: string, environment: Environment = 'production', lines: string[] = []) {
  return new VaultSecretStore(file, (message) => void lines.push(message), {
    scrypt,
    environment,
    environmentOf: secretEnvironment,
  });
}

/** Every file under the folder, as bytes: none may hold the secret, as it is or in base64. */
function expectNowhere(dataDir: string, ...secrets: string[]) {
  const files = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(0);
  for (const entry of files) {
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    for (const secret of secrets) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url')]) {
        expect(bytes.includes(Buffer.from(form)), `${entry.name} holds ${form}`).toBe(false);
        expect(bytes.includes(Buffer.from(form, 'utf16le')), `${entry.name} holds ${form} in UTF-16`).toBe(false);
      }
    }
  }
}

// Each opening derives a key from a PIN (scrypt): a fraction of a second alone, many times that on a
// machine whose cores are busy. The timeout only stops a hang.
describe('the secret vault, with no keychain', { timeout: 300_000 }, () => {
  it('never writes a secret in plain text, and opens only with a manager PIN after a start', async () => {
    const { dataDir, file } = folder();
    const first = store(file);
    expect(first.state()).toBe('empty');
    await first.admitManager('owner-1', '4826');
    first.set('partner-client-secret:production', SECRET);
    first.set('partner-token:https://partners-api.airalo.com:harbour', TOKEN);
    first.set('chain-password', 'head-office-pw-55');
    expect(first.get('partner-client-secret:production')).toBe(SECRET);
    expectNowhere(dataDir, SECRET, TOKEN, 'head-office-pw-55');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // A new start: the names are known, the values are not.
    const next = store(file);
    expect(next.state()).toBe('locked');
    expect(next.has('partner-client-secret:production')).toBe(true);
    expect(() => next.get('partner-client-secret:production')).toThrow(SecretsLockedError);
    expect(() => next.set('chain-password', 'x')).toThrow(SecretsLockedError);
    await next.admitManager('owner-1', '0000');
    expect(next.state()).toBe('locked');
    await next.admitManager('someone-else', '4826');
    expect(next.state()).toBe('locked');
    await next.admitManager('owner-1', '4826');
    expect(next.state()).toBe('open');
    expect(next.get('partner-client-secret:production')).toBe(SECRET);
    expect(next.get('chain-password')).toBe('head-office-pw-55');
  });

  it('a sealed value moved under another name does not open', async () => {
    const { file } = folder();
    const vault = store(file);
    await vault.admitManager('owner-1', '4826');
    vault.set('chain-password', 'head-office-pw-55');
    const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    raw.environments.production.values['partner-client-secret:production'] = raw.environments.production.values['chain-password'];
    fs.writeFileSync(file, JSON.stringify(raw));
    expect(() => vault.get('partner-client-secret:production')).toThrow(/does not open/);
  });

  it('a second manager gets a wrap at their first sign-in, and a PIN reset re-wraps', async () => {
    const { file } = folder();
    const vault = store(file);
    await vault.admitManager('owner-1', '4826');
    vault.set('partner-client-secret:production', SECRET);
    await vault.admitManager('manager-2', '7391');
    await vault.wrapPin('owner-1', '5930');

    const byNew = store(file);
    await byNew.admitManager('owner-1', '4826');
    expect(byNew.state()).toBe('locked');
    await byNew.admitManager('owner-1', '5930');
    expect(byNew.get('partner-client-secret:production')).toBe(SECRET);

    const bySecond = store(file);
    await bySecond.admitManager('manager-2', '7391');
    expect(bySecond.get('partner-client-secret:production')).toBe(SECRET);
    bySecond.forget('manager-2');
    const afterForget = store(file);
    await afterForget.admitManager('manager-2', '7391');
    expect(afterForget.state()).toBe('locked');
  });

  it('the owner’s recovery code opens it and wraps a manager’s new PIN', async () => {
    const { file } = folder();
    const setup = store(file);
    await setup.ownerCreated('owner-1', '4826', 'ABCDEFGHJKMNPQRSTVWX');
    setup.set('partner-client-secret:production', SECRET);

    const admin = store(file);
    expect(await admin.recover('ABCDEFGHJKMNPQRSTVWZ', 'owner-1', '6284')).toBe(false);
    expect(admin.state()).toBe('locked');
    expect(await admin.recover('ABCDEFGHJKMNPQRSTVWX', 'owner-1', '6284')).toBe(true);

    const next = store(file);
    await next.admitManager('owner-1', '6284');
    expect(next.get('partner-client-secret:production')).toBe(SECRET);
  });

  it('each environment has its own vault: Demo’s managers never open Production’s, nor seal for it', async () => {
    const { file } = folder();
    const production = store(file, 'production');
    await production.admitManager('owner-1', '4826');
    production.set('partner-client-secret:production', SECRET);

    const demo = store(file, 'demo');
    await demo.admitManager('demo-manager', '2468');
    expect(demo.state()).toBe('open');
    expect(demo.has('partner-client-secret:production')).toBe(true);
    expect(() => demo.get('partner-client-secret:production')).toThrow(SecretsLockedError);
    expect(() => demo.set('partner-client-secret:partner_sandbox', 'sandbox-secret')).toThrow(SecretsElsewhereError);
    expect(demo.has('partner-client-secret:partner_sandbox')).toBe(false);
  });

  it('seals the plain file of an older version at the first unlock, says so, and keeps other environments’ values', async () => {
    const { dataDir, file } = folder();
    fs.writeFileSync(
      file,
      JSON.stringify({
        'partner-client-secret:production': SECRET,
        'partner-token:https://partners-api.airalo.com:harbour': JSON.stringify({ token: TOKEN, expiresAt: 9e15 }),
        'partner-client-secret:partner_sandbox': 'sandbox-secret-1',
      }),
      { mode: 0o600 },
    );
    const lines: string[] = [];
    const vault = store(file, 'production', lines);
    // Until then the old values read as they are: the counter keeps selling across the upgrade.
    expect(vault.get('partner-client-secret:production')).toBe(SECRET);
    await vault.admitManager('owner-1', '4826');
    expect(lines.join('\n')).toMatch(
      /sealed 2 value\(s\) that .*secrets\.json kept in plain text, and removed the plain text; 1 of other/,
    );
    expectNowhere(dataDir, SECRET, TOKEN);
    expect(vault.get('partner-client-secret:production')).toBe(SECRET);

    const next = store(file);
    expect(() => next.get('partner-client-secret:production')).toThrow(SecretsLockedError);
    expect(next.get('partner-client-secret:partner_sandbox')).toBe('sandbox-secret-1');
  });

  it('a damaged vault file fails reads and refuses writes, leaving the file as it was', async () => {
    const { file } = folder();
    fs.writeFileSync(file, JSON.stringify({ vault: 1, environments: { production: { wraps: 3 } } }), { mode: 0o600 });
    const before = fs.readFileSync(file);
    const vault = store(file);
    expect(() => vault.has('chain-password')).toThrow(/is damaged/);
    await expect(vault.admitManager('owner-1', '4826')).rejects.toThrow(/is damaged/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});
