/**
 * Where credentials and the access token are kept. The Electron shell implements this with
 * safeStorage (electron/shell/secrets.ts); browser mode and tests use the file store below, which
 * relies on the file's owner-only permissions because no OS keychain is reachable from plain Node.
 */
import fs from 'node:fs';
import path from 'node:path';

export type SecretStore = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
};

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

/** One JSON file, mode 0600, written atomically (temp file + rename). */
export class FileSecretStore implements SecretStore {
  readonly #file: string;
  constructor(file: string) {
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
    const temp = `${this.#file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(values), { mode: 0o600 });
    fs.renameSync(temp, this.#file);
  }
  get(key: string): string | null {
    return this.#read()[key] ?? null;
  }
  set(key: string, value: string): void {
    this.#write({ ...this.#read(), [key]: value });
  }
  delete(key: string): void {
    const values = this.#read();
    delete values[key];
    this.#write(values);
  }
}
