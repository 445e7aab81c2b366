/**
 * The desktop app's updates (electron/shell/update-policy.ts says when), wired to the packaged app: the
 * feed is the store's own (Settings) or else the vendor's, built in by electron-builder's `publish`
 * setting (resources/app-update.yml); the vendor's public key ships as resources/update-key.pem.
 * Without a feed or a key, nothing is fetched and nothing installed. Checked a minute after the
 * start, then every six hours; installed only at a start.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Backend } from '../backend/app.ts';
import { createUpdatePolicy, type StartOutcome, type Updater } from './update-policy.ts';

const FIRST_CHECK_MS = 60_000;
const CHECK_EVERY_MS = 6 * 60 * 60_000;

export type UpdatesOptions = {
  readonly updater: Updater;
  readonly version: string;
  /** process.resourcesPath in the packaged app. */
  readonly resourcesDir: string;
  readonly dataDir: string;
  readonly backend: Pick<Backend, 'updates'>;
  readonly log: (message: string, error?: unknown) => void;
};

/** The vendor's feed from app-update.yml (`url: https://…`), when the build names one. */
export function vendorFeed(resourcesDir: string): string | null {
  try {
    const yml = fs.readFileSync(path.join(resourcesDir, 'app-update.yml'), 'utf8');
    const url = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(yml)?.[1];
    return url && /^https?:\/\//.test(url) ? url : null;
  } catch {
    return null;
  }
}

function readKey(resourcesDir: string): string | null {
  try {
    return fs.readFileSync(path.join(resourcesDir, 'update-key.pem'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Installs an update that waits from an earlier run (the app then quits into the installer:
 * 'installing'), else starts the background checks. Call before the counter's window opens.
 */
export async function startUpdates(options: UpdatesOptions): Promise<{ outcome: StartOutcome; stop(): void }> {
  const policy = createUpdatePolicy({
    updater: options.updater,
    currentVersion: options.version,
    feedUrl: () => options.backend.updates().feedUrl ?? vendorFeed(options.resourcesDir),
    publicKey: readKey(options.resourcesDir),
    stateFile: path.join(options.dataDir, 'updates', 'pending.json'),
    saleOpen: () => options.backend.updates().saleOpen,
    log: options.log,
  });
  const outcome = await policy.atStart();
  if (outcome === 'installing') return { outcome, stop: () => undefined };
  const check = () =>
    void policy.check().then((result) => {
      if (result.kind === 'ready')
        options.log(`update ${result.version} is downloaded and checked; it installs at the next start`);
    });
  const first = setTimeout(check, FIRST_CHECK_MS);
  const every = setInterval(check, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return {
    outcome,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
