/**
 * The support file: one zip a shop sends to whoever supports it, with what they would otherwise ask
 * for one question at a time — the versions, the environment, the journals' and audit logs' checks,
 * the settings, the recent logs and any crash dumps. Never a secret: `secrets.json` and the
 * journals themselves (customers' orders) stay behind, and settings whose name says secret, token,
 * password or PIN are left out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import type { Environment } from '../../../shared/contract.ts';
import { anchorFileOf, readAnchor } from '../audit/db-anchor.ts';
import { CRASHES_DIR, ENVIRONMENTS, journalPath, readCounterConfig } from '../data-folder.ts';
import { LOG_FOLDER } from '../common/log.ts';
import { checkJournalFile } from '../journal/backup.ts';
import { storedSettings } from './db.ts';

export const SUPPORT_DIR = 'support';
/** Logs and dumps beyond this many bytes (the newest kept) would make the file too big to mail. */
const MAX_ATTACHED_BYTES = 20 * 1024 * 1024;

export type SupportFileOptions = {
  readonly dataDir: string;
  readonly version: string;
  /** Where the file goes (default: <data folder>/support/). */
  readonly outDir?: string;
  readonly now?: () => number;
};

export type SupportFile = { readonly file: string; readonly bytes: number; readonly entries: readonly string[] };

export function buildSupportFile(options: SupportFileOptions): SupportFile {
  const { dataDir } = options;
  const at = new Date((options.now ?? Date.now)());
  const zip: Zippable = {};
  const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

  const config = readConfig(dataDir);
  zip['about.json'] = json({
    app: 'eSIM Counter',
    version: options.version,
    made: at.toISOString(),
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
    dataFolder: dataDir,
    environment: config?.environment ?? null,
    // Which service each environment talks to; the client id names the account, the secret is elsewhere.
    accounts: config?.accounts ?? null,
    files: topLevelFiles(dataDir),
  });

  const present = ENVIRONMENTS.filter((environment) => fs.existsSync(journalPath(dataDir, environment)));
  zip['checks.json'] = json(Object.fromEntries(present.map((environment) => [environment, journalCheck(dataDir, environment)])));
  for (const environment of present)
    zip[`settings-${environment}.json`] = json(storedSettings(journalPath(dataDir, environment)));

  for (const folder of [LOG_FOLDER, CRASHES_DIR]) {
    for (const { name, file } of newestFirst(path.join(dataDir, folder), MAX_ATTACHED_BYTES)) {
      zip[`${folder}/${name}`] = new Uint8Array(fs.readFileSync(file));
    }
  }

  const bytes = zipSync(zip, { level: 6, mtime: at });
  const outDir = options.outDir ?? path.join(dataDir, SUPPORT_DIR);
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '').replace('T', '-');
  const file = path.join(outDir, `esim-counter-support-${stamp}.zip`);
  fs.writeFileSync(file, bytes, { mode: 0o600 });
  return { file, bytes: bytes.length, entries: Object.keys(zip) };
}

function readConfig(dataDir: string) {
  try {
    return readCounterConfig(dataDir);
  } catch {
    return null;
  }
}

function topLevelFiles(dataDir: string): Array<{ name: string; bytes: number | null }> {
  return fs
    .readdirSync(dataDir, { withFileTypes: true })
    .map((entry) => ({
      name: entry.isDirectory() ? `${entry.name}/` : entry.name,
      bytes: entry.isFile() ? fs.statSync(path.join(dataDir, entry.name)).size : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What `npm run admin -- verify` finds: the file's integrity and its audit chain against its anchor. */
function journalCheck(dataDir: string, environment: Environment) {
  const file = journalPath(dataDir, environment);
  const verdict = checkJournalFile(file, { chain: true, anchor: readAnchor(anchorFileOf(file)) });
  return {
    file: path.basename(file),
    bytes: fs.statSync(file).size,
    schemaVersion: verdict.schemaVersion,
    healthy: verdict.problems.length === 0 && verdict.chain?.ok !== false && !verdict.kept,
    problems: verdict.problems,
    auditChain: verdict.chain,
    keptBreak: verdict.kept ?? null,
  };
}

/** The folder's files, newest first, as many as fit in `budget` bytes. */
function newestFirst(dir: string, budget: number): Array<{ name: string; file: string }> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = fs.statSync(file);
      return { name: path.relative(dir, file).split(path.sep).join('/'), file, size: stat.size, mtime: stat.mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
  const kept = [];
  let left = budget;
  for (const entry of files) {
    if (entry.size > left) continue;
    left -= entry.size;
    kept.push(entry);
  }
  return kept;
}
