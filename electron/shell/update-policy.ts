/**
 * When the counter updates itself. electron-updater fetches the feed the store or its vendor set
 * (a plain HTTPS folder: latest.yml and the installers, electron-builder's "generic" provider) and
 * downloads a newer version in the background, checking its SHA-512 against the feed. This policy
 * adds what a shop needs on top:
 *
 * - The download must carry the vendor's Ed25519 signature (`<installer>.sig` beside it in the
 *   feed, base64) made with the key whose public half ships with the app. The feed alone cannot
 *   vouch for itself: whoever can change an installer there can change its SHA-512 too.
 * - It is never installed while the app runs (`autoInstallOnAppQuit` off): a quit in the middle of
 *   the day does not turn into an installer. It is installed at the next start, before the counter
 *   opens, and only when no sale or top-up is still being settled with the service (the journal's
 *   recovery finishes first; the install waits for a later start).
 *
 * No `electron` here: the shell (electron/shell/updates.ts) hands in electron-updater's updater.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The part of electron-updater's AppUpdater this policy drives. */
export type Updater = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{
    readonly isUpdateAvailable: boolean;
    readonly updateInfo: { readonly version: string; readonly files: readonly { readonly url: string }[] };
    readonly downloadPromise?: Promise<string[]> | null;
  } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
};

export type UpdatePolicyOptions = {
  readonly updater: Updater;
  readonly currentVersion: string;
  /** The feed's address (https://…/ folder); null when neither the store nor the vendor set one. */
  readonly feedUrl: () => string | null;
  /** The vendor's Ed25519 public key (PEM); null: nothing is installed, since nothing can be checked. */
  readonly publicKey: string | null;
  /** Where the verified download waits for the next start (the data folder). */
  readonly stateFile: string;
  /** Whether a sale or top-up is still being settled: the install waits. */
  readonly saleOpen: () => boolean;
  readonly fetch?: typeof fetch;
  /** How long a start waits for the feed before it opens the counter without installing (15 s). */
  readonly startTimeoutMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
};

export type CheckOutcome =
  | { readonly kind: 'no_feed' | 'no_key' | 'up_to_date' }
  | { readonly kind: 'ready'; readonly version: string }
  | { readonly kind: 'bad_signature'; readonly version: string }
  | { readonly kind: 'failed'; readonly detail: string };

export type StartOutcome = 'none' | 'deferred' | 'installing' | 'not_installed';

type Pending = { readonly version: string; readonly file: string };

/** 1.2.10 > 1.2.9; a prerelease (1.3.0-beta.1) is older than its release. */
export function newerVersion(candidate: string, current: string): boolean {
  const parse = (v: string) => {
    const [core = '', pre] = v.replace(/^v/, '').split('-', 2);
    return { parts: core.split('.').map((n) => Number(n) || 0), pre };
  };
  const a = parse(candidate);
  const b = parse(current);
  for (let i = 0; i < 3; i++) {
    const diff = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  if (a.pre === b.pre) return false;
  if (a.pre === undefined) return true;
  if (b.pre === undefined) return false;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true }) > 0;
}

/** Whether `signature` (base64) is the vendor's Ed25519 signature of the file's bytes. */
export function signedByVendor(file: string, signature: string, publicKey: string): boolean {
  try {
    return crypto.verify(null, fs.readFileSync(file), crypto.createPublicKey(publicKey), Buffer.from(signature.trim(), 'base64'));
  } catch {
    return false;
  }
}

export function createUpdatePolicy(options: UpdatePolicyOptions) {
  const { updater, stateFile } = options;
  const log = options.log ?? (() => undefined);
  const get = options.fetch ?? fetch;
  // Downloaded in the background, installed by this policy only.
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;

  const readPending = (): Pending | null => {
    try {
      const value = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Partial<Pending>;
      return typeof value.version === 'string' && typeof value.file === 'string'
        ? { version: value.version, file: value.file }
        : null;
    } catch {
      return null;
    }
  };
  const forget = () => fs.rmSync(stateFile, { force: true });

  async function signatureOf(feed: string, name: string): Promise<string | null> {
    const url = new URL(`${encodeURIComponent(path.posix.basename(name))}.sig`, feed.endsWith('/') ? feed : `${feed}/`);
    const answer = await get(url);
    return answer.ok ? answer.text() : null;
  }

  /** Asks the feed; a newer version is downloaded, checked, and kept for the next start. */
  async function check(): Promise<CheckOutcome> {
    const feed = options.feedUrl();
    if (!feed) return { kind: 'no_feed' };
    if (!options.publicKey) return { kind: 'no_key' };
    try {
      updater.setFeedURL({ provider: 'generic', url: feed });
      const result = await updater.checkForUpdates();
      const version = result?.updateInfo.version;
      if (!result?.isUpdateAvailable || !version || !newerVersion(version, options.currentVersion)) return { kind: 'up_to_date' };
      const [file] = (await result.downloadPromise) ?? [];
      const name = result.updateInfo.files[0]?.url;
      if (!file || !name) return { kind: 'failed', detail: 'the download gave no file' };
      const signature = await signatureOf(feed, name);
      if (!signature || !signedByVendor(file, signature, options.publicKey)) {
        log(`update ${version} is not signed with the vendor's key: it will not be installed`);
        forget();
        return { kind: 'bad_signature', version };
      }
      fs.mkdirSync(path.dirname(stateFile), { recursive: true });
      fs.writeFileSync(stateFile, JSON.stringify({ version, file } satisfies Pending));
      return { kind: 'ready', version };
    } catch (error) {
      log('checking for an update failed', error);
      return { kind: 'failed', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * At start, before the counter opens: a verified update waiting from an earlier run is installed
   * now (the app quits into the installer and starts again), unless a sale is still being settled.
   */
  async function atStart(): Promise<StartOutcome> {
    const pending = readPending();
    if (!pending) return 'none';
    if (!newerVersion(pending.version, options.currentVersion)) {
      forget();
      return 'none';
    }
    if (options.saleOpen()) {
      log(`update ${pending.version} waits: a sale is still being settled`);
      return 'deferred';
    }
    // electron-updater installs only what it checked in this run: asking again finds the download
    // in its cache, checks its SHA-512, and the signature is checked again on the file as it is now.
    // (A newer one may have come meanwhile: it is checked the same way, and that is what installs.)
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CheckOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ kind: 'failed', detail: 'the feed did not answer in time' }),
        options.startTimeoutMs ?? 15_000,
      );
    });
    // A slow feed never keeps the shop closed: the counter opens, and a later start installs.
    const again = await Promise.race([check(), late]).finally(() => clearTimeout(timer));
    if (again.kind !== 'ready') return 'not_installed';
    log(`installing update ${again.version}`);
    updater.quitAndInstall(true, true);
    return 'installing';
  }

  return { check, atStart, pending: readPending };
}

export type UpdatePolicy = ReturnType<typeof createUpdatePolicy>;
