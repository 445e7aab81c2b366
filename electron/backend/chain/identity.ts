/**
 * Which store and which counter this is, and the head office it ships to. Kept in the data
 * folder's chain.json, outside every journal: the ids belong to the machine at the counter, whatever
 * environment it runs on, and the connection's password goes only to the secret store, like the
 * partner's client secret.
 *
 * The ids travel in every order's reference (its description at the partner), so counters that
 * share one partner account each know their own orders there: EC-<store>.<counter>-<date>-<random>.
 * References made before the ids existed (EC-<date>-<random>) stay readable: they belong to no
 * counter in particular.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CHAIN_ID_PATTERN } from '../../../shared/chain.ts';
import { DataFolderError } from '../data-folder.ts';

export const CHAIN_FILE = 'chain.json';
/** The secret store key of the head office connection's password. */
export const CHAIN_SECRET_KEY = 'chain-password';

export const chainId = z.string().trim().regex(CHAIN_ID_PATTERN);

/** postgres:// or postgresql://, without the password (that is in the secret store). */
const ServerSchema = z.strictObject({ url: z.string().regex(/^postgres(ql)?:\/\//), joinedAt: z.string() });

const ChainFileSchema = z.strictObject({
  version: z.literal(1),
  storeId: chainId,
  counterId: chainId,
  server: ServerSchema.nullable(),
});
export type ChainConfig = z.infer<typeof ChainFileSchema>;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Distinct per machine with near certainty, so counters on one partner account never mix before anyone sets an id. */
function randomCounterId(): string {
  return [...crypto.randomBytes(4)].map((b) => ALPHABET[b % 32]).join('');
}

export function chainFile(dataDir: string): string {
  return path.join(dataDir, CHAIN_FILE);
}

/** The folder's chain config; a first start gives the counter its ids (store STORE, counter random). */
export function readChainConfig(dataDir: string): ChainConfig {
  const file = chainFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const fresh: ChainConfig = { version: 1, storeId: 'STORE', counterId: randomCounterId(), server: null };
    writeChainConfig(dataDir, fresh);
    return fresh;
  }
  const parsed = ChainFileSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    // Never replaced: the ids are in every reference this counter has sent.
    throw new DataFolderError(
      'config_invalid',
      file,
      `The counter's chain file ${file} cannot be read. It was left as it is; move it aside to give this counter new ids.`,
    );
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function writeChainConfig(dataDir: string, config: ChainConfig): void {
  const valid = ChainFileSchema.parse(config);
  const file = chainFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
}

/** The part of every reference that names this counter: <store>.<counter>. */
export function referenceTag(config: Pick<ChainConfig, 'storeId' | 'counterId'>): string {
  return `${config.storeId}.${config.counterId}`;
}

const REFERENCE = /^(EC|TU)-(?:([A-Za-z0-9-]+)\.([A-Za-z0-9-]+)-)?(\d{8})-([0-9A-Z]{8})$/;

export type ParsedReference = { prefix: 'EC' | 'TU'; storeId: string | null; counterId: string | null; date: string };

/** A reference this app made, old or new; null for any other description (an order placed elsewhere). */
export function parseReference(text: string | null | undefined): ParsedReference | null {
  const m = REFERENCE.exec(text ?? '');
  if (!m) return null;
  return { prefix: m[1] as 'EC' | 'TU', storeId: m[2] ?? null, counterId: m[3] ?? null, date: m[4]! };
}

/**
 * True when the description is another counter's reference: the partner lists every order of a
 * shared account, and this counter reconciles and closes only its own. An old reference (no ids)
 * or a foreign description cannot be told apart, so it is not called another counter's.
 */
export function isOtherCountersOrder(description: string | null | undefined, tag: string): boolean {
  const parsed = parseReference(description);
  if (!parsed || parsed.storeId === null) return false;
  return `${parsed.storeId}.${parsed.counterId}` !== tag;
}

/** The URL to show and to keep: the password taken out. Null when the text is not a PostgreSQL URL. */
export function splitConnectionUrl(text: string): { url: string; password: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return null;
  if (!parsed.hostname || !parsed.username) return null;
  const password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** The kept URL with the password put back, for the client only; never logged. */
export function joinConnectionUrl(url: string, password: string | null): string {
  if (password === null) return url;
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** host:port/database, for the manager's screen and the log. */
export function describeServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}
