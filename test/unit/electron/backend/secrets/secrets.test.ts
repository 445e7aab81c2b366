import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecretsFile, SecretFileError, writeSecretsFile } from '../../../../../electron/backend/secrets/secrets.ts';
import { VaultSecretStore } from '../../../../../electron/backend/secrets/vault/store.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'secrets.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const posix = process.platform !== 'win32';
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the secrets file', () => {
  it('is written owner-only and atomically, and read back', () => {
    const file = tempFile();
    expect(readSecretsFile(file, () => undefined)).toEqual({});
    writeSecretsFile(file, { token: 'tok' });
    expect(readSecretsFile(file, () => undefined)).toEqual({ token: 'tok' });
    if (posix) expect(modeOf(file)).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  });

  it.runIf(posix)('narrows a file others could read to 0600, and says so', () => {
    const file = tempFile();
    const lines: string[] = [];
    writeSecretsFile(file, { client_secret: 'harbour-secret-42' });
    fs.chmodSync(file, 0o644);
    expect(readSecretsFile(file, (message) => lines.push(message))).toEqual({ client_secret: 'harbour-secret-42' });
    expect(modeOf(file)).toBe(0o600);
    expect(lines).toEqual([expect.stringContaining(`${file} could be read by other users (mode 644)`)]);
    expect(lines.join('\n')).not.toContain('harbour-secret-42');
    readSecretsFile(file, (message) => lines.push(message));
    expect(lines).toHaveLength(1);
  });

  it.runIf(posix)('writes 0600 even over a temp file a crashed run left with a looser mode', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, 'stale', { mode: 0o644 });
    writeSecretsFile(file, { token: 'tok' });
    expect(modeOf(file)).toBe(0o600);
    expect(fs.existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });

  it.each([
    ['not JSON', '{"partner-client-secret:production": "abc', /is damaged \(it is not valid JSON\)/],
    ['a list', '["abc"]', /does not hold a list of named values/],
    [
      'a number as a value',
      '{"partner-client-secret:production": 42}',
      /value of "partner-client-secret:production" is not text/,
    ],
  ])('fails reads and refuses writes on a damaged file (%s), leaving it byte for byte', async (_, content, problem) => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { mode: 0o600 });
    const before = fs.readFileSync(file);
    const store = new VaultSecretStore(file, () => undefined, { environment: 'production' });

    expect(() => store.get('partner-client-secret:production')).toThrow(SecretFileError);
    expect(() => store.has('partner-client-secret:production')).toThrow(SecretFileError);
    expect(() => store.delete('partner-client-secret:production')).toThrow(SecretFileError);
    await expect(store.admitManager('owner-1', '4826')).rejects.toThrow(SecretFileError);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);

    let message = '';
    try {
      store.get('partner-client-secret:production');
    } catch (error) {
      message = (error as Error).message;
    }
    // The file, the problem, and the way out, in words a manager can follow.
    expect(message).toContain(file);
    expect(message).toMatch(problem);
    expect(message).toMatch(/left exactly as it is/);
    expect(message).toMatch(/move the file aside/);
    expect(message).toMatch(/enter the partner client secret again in Settings/);
  });
});
