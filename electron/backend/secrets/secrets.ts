/**
 * Where credentials and the access token are kept. The Electron shell implements this with
 * safeStorage (electron/shell/secrets.ts); browser mode uses the OS keychain where one answers
 * (electron/backend/secrets/keychain.ts); with neither, the vault (electron/backend/secrets/vault/store.ts) seals them under the
 * managers' PINs. Nothing here writes a secret in plain text: the helpers below only keep the
 * file owner-only and atomic, whatever it holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SecretStoreKind } from '../../../shared/contract.ts';
import type { VaultSecretStore } from './vault/store.ts';

export type SecretStore = {
  /** What keeps the values, for Settings to say; a store that does not say is reported as the weakest, a file. */
  readonly kind?: SecretStoreKind;
  /** The file the values are in, when the store is a plain file. */
  readonly file?: string;
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
  /** Whether a value is stored, without reading it (a locked vault knows its names); else get() is asked. */
  has?(key: string): boolean;
  /** Present when the values are sealed under managers' PINs because no keychain keeps them. */
  readonly vault?: VaultSecretStore;
};

/** Whether the store holds a value under this name; a store that cannot be read says so by throwing. */
export function hasSecret(store: SecretStore, key: string): boolean {
  return store.has ? store.has(key) : store.get(key) !== null;
}

export type SecretLog = (message: string, error?: unknown) => void;

export class MemorySecretStore implements SecretStore {
  #values = new Map<string, string>();
  get(key: string): string | null {
    return this.#values.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.#values.set(key, value);
  }
  delete(key: string): void {
    this.#values.delete(key);
  }
}

/** The secrets file cannot be used as it is; writing over it would lose whatever it still holds. */
export class SecretFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string, options?: ErrorOptions) {
    super(
      `The secrets file ${file} ${problem}, so it is left exactly as it is and nothing more is saved in it. ` +
        'To start afresh, move the file aside (rename it, or move it to another folder), then enter the partner ' +
        'client secret again in Settings.',
      options,
    );
    this.name = 'SecretFileError';
    this.file = file;
  }
}

const OWNER_ONLY = 0o600;
// Windows has no POSIX modes: Node reports 0o666 whatever the ACLs say, and chmod cannot tighten them.
const POSIX = process.platform !== 'win32';

/**
 * The parsed JSON of a secrets file, or undefined when there is none. A file that cannot be read
 * or parsed is an error, never "empty": returning nothing there would let the next write replace
 * the partner secret with nothing. A file that others may read is narrowed to 0600 before it is
 * read, and that is logged.
 */
export function readOwnerOnlyJson(file: string, log: SecretLog): unknown {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SecretFileError(file, `cannot be opened (${(error as Error).message})`, { cause: error });
  }
  let text: string;
  try {
    if (POSIX) {
      const mode = fs.fstatSync(fd).mode & 0o777;
      if (mode & 0o077) {
        fs.fchmodSync(fd, OWNER_ONLY);
        log(`the secrets file ${file} could be read by other users (mode ${mode.toString(8)}); it is now owner-only (600)`);
      }
    }
    text = fs.readFileSync(fd, 'utf8');
  } catch (error) {
    throw new SecretFileError(file, `cannot be read (${(error as Error).message})`, { cause: error });
  } finally {
    fs.closeSync(fd);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SecretFileError(file, 'is damaged (it is not valid JSON)', { cause: error });
  }
}

/** The values of a plain secrets file (name → text), strictly: anything else is an error. */
export function plainSecrets(file: string, parsed: unknown): Record<string, string> {
  if (parsed === undefined) return {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SecretFileError(file, 'is damaged (it does not hold a list of named values)');
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string')
      throw new SecretFileError(file, `is damaged (the value of ${JSON.stringify(key)} is not text)`);
    values[key] = value;
  }
  return values;
}

export function readSecretsFile(file: string, log: SecretLog): Record<string, string> {
  return plainSecrets(file, readOwnerOnlyJson(file, log));
}

/**
 * Replaces the file atomically: a fresh owner-only temp file, flushed, then renamed over it, so a
 * crash leaves the old file or the new one, never half of either.
 */
export function writeSecretsFile(file: string, values: object): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  // A temp file left by a crashed run may have any mode; 'wx' below only creates, never reuses.
  fs.rmSync(temp, { force: true });
  const fd = fs.openSync(temp, 'wx', OWNER_ONLY);
  try {
    fs.writeFileSync(fd, JSON.stringify(values));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}
