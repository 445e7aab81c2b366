import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore, SecretFileError } from '../../../electron/secrets.ts';

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

describe('FileSecretStore', () => {
  it('keeps values in an owner-only file and gives them back', () => {
    const file = tempFile();
    const store = new FileSecretStore(file);
    expect(store.kind).toBe('file');
    expect(store.get('client_secret')).toBeNull();
    store.delete('client_secret');
    expect(fs.existsSync(file)).toBe(false);

    store.set('client_secret', 'harbour-secret-42');
    store.set('token', 'tok');
    expect(new FileSecretStore(file).get('client_secret')).toBe('harbour-secret-42');
    if (posix) expect(modeOf(file)).toBe(0o600);
    store.delete('client_secret');
    expect(store.get('client_secret')).toBeNull();
    expect(store.get('token')).toBe('tok');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  });

  it.runIf(posix)('narrows a file others could read to 0600, and says so', () => {
    const file = tempFile();
    const lines: string[] = [];
    const store = new FileSecretStore(file, (message) => lines.push(message));
    store.set('client_secret', 'harbour-secret-42');
    fs.chmodSync(file, 0o644);
    expect(store.get('client_secret')).toBe('harbour-secret-42');
    expect(modeOf(file)).toBe(0o600);
    expect(lines).toEqual([expect.stringContaining(`${file} could be read by other users (mode 644)`)]);
    expect(lines.join('\n')).not.toContain('harbour-secret-42');
    store.get('client_secret');
    expect(lines).toHaveLength(1);
  });

  it.runIf(posix)('writes 0600 even over a temp file a crashed run left with a looser mode', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, 'stale', { mode: 0o644 });
    new FileSecretStore(file).set('client_secret', 'harbour-secret-42');
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
  ])('fails reads and refuses writes on a damaged file (%s), leaving it byte for byte', (_, content, problem) => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { mode: 0o600 });
    const before = fs.readFileSync(file);
    const store = new FileSecretStore(file);

    expect(() => store.get('partner-client-secret:production')).toThrow(SecretFileError);
    expect(() => store.set('partner-client-secret:production', 'new-secret')).toThrow(SecretFileError);
    expect(() => store.delete('partner-client-secret:production')).toThrow(SecretFileError);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);

    let message = '';
    try {
      store.set('partner-client-secret:production', 'new-secret');
    } catch (error) {
      message = (error as Error).message;
    }
    // The file, the problem, and the way out, in words a manager can follow.
    expect(message).toContain(file);
    expect(message).toMatch(problem);
    expect(message).toMatch(/left exactly as it is/);
    expect(message).toMatch(/move the file aside/);
    expect(message).toMatch(/enter the partner client secret again in Settings/);
    expect(message).not.toContain('new-secret');
  });
});
