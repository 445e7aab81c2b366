/**
 * The update policy with electron-updater itself (its NSIS updater: a download, a SHA-512 check)
 * against a feed on 127.0.0.1: what it downloads, what it refuses, and when it installs. Only the
 * installer's launch is replaced (quitAndInstall), and Electron's app and network by Node's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { NsisUpdater } from 'electron-updater';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUpdatePolicy, newerVersion, type Updater } from '../../../../electron/shell/update-policy.ts';

/** Electron's network (electronHttpExecutor.js) as Node's: the same download, over node:http. */
class NodeHttpExecutor extends HttpExecutor<http.ClientRequest> {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }

  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    return http.request(options, callback);
  }
}

const vendor = crypto.generateKeyPairSync('ed25519');
const stranger = crypto.generateKeyPairSync('ed25519');
const VENDOR_PUBLIC = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** The feed: a folder of files, as a vendor's web server or a shop's NAS would serve it. */
const files = new Map<string, Buffer>();
let server: http.Server;
let feed: string;

function publish(version: string, signer: crypto.KeyObject = vendor.privateKey): string {
  const name = `esim-counter-${version}-setup.exe`;
  const installer = Buffer.from(`an installer for ${version} ${crypto.randomUUID()}`);
  const sha512 = crypto.createHash('sha512').update(installer).digest('base64');
  files.set(name, installer);
  files.set(`${name}.sig`, Buffer.from(crypto.sign(null, installer, signer).toString('base64')));
  const latest = [
    `version: ${version}`,
    'files:',
    `  - url: ${name}`,
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    `path: ${name}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-25T10:00:00.000Z'",
  ].join('\n');
  files.set('latest-linux.yml', Buffer.from(latest));
  files.set('latest.yml', Buffer.from(latest));
  return name;
}

let dir: string;
const installs: [boolean | undefined, boolean | undefined][] = [];

/** electron-updater's updater as the desktop app makes it, on a Node "app" of version 1.0.0. */
function makeUpdater(): Updater {
  const app = {
    version: '1.0.0',
    name: 'esim-counter',
    isPackaged: true,
    appUpdateConfigPath: path.join(dir, 'app-update.yml'),
    userDataPath: path.join(dir, 'user-data'),
    baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new NsisUpdater(null, app);
  (updater as unknown as { httpExecutor: HttpExecutor<http.ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  updater.disableDifferentialDownload = true;
  updater.quitAndInstall = (isSilent, isForceRunAfter) => void installs.push([isSilent, isForceRunAfter]);
  return updater;
}

function policy(saleOpen = false, feedUrl: string | null = feed) {
  return createUpdatePolicy({
    updater: makeUpdater(),
    currentVersion: '1.0.0',
    feedUrl: () => feedUrl,
    publicKey: VENDOR_PUBLIC,
    stateFile: path.join(dir, 'updates', 'pending.json'),
    saleOpen: () => saleOpen,
  });
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url!, 'http://x').pathname.slice(1));
    const body = files.get(name);
    response.writeHead(body ? 200 : 404).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-updates-'));
  fs.writeFileSync(
    path.join(dir, 'app-update.yml'),
    'provider: generic\nurl: http://127.0.0.1:1/\nupdaterCacheDirName: esim-counter-updater\n',
  );
  files.clear();
  installs.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the update policy against a local feed', () => {
  it('downloads a newer signed version and keeps it for the next start, installing nothing now', async () => {
    publish('1.1.0');
    const running = policy();
    expect(await running.check()).toEqual({ kind: 'ready', version: '1.1.0' });
    expect(running.pending()).toMatchObject({ version: '1.1.0' });
    expect(fs.readFileSync(running.pending()!.file)).toEqual(files.get('esim-counter-1.1.0-setup.exe'));
    expect(installs).toEqual([]);
  });

  it('installs at the next start, silently, and starts the app again', async () => {
    publish('1.1.0');
    await policy().check();
    expect(await policy().atStart()).toBe('installing');
    expect(installs).toEqual([[true, true]]);
  });

  it('waits while a sale is being settled, and installs at a later start once none is', async () => {
    publish('1.1.0');
    await policy().check();
    expect(await policy(true).atStart()).toBe('deferred');
    expect(installs).toEqual([]);
    expect(await policy(false).atStart()).toBe('installing');
    expect(installs).toHaveLength(1);
  });

  it('refuses an installer signed with another key, even with the right SHA-512 in the feed', async () => {
    publish('1.1.0', stranger.privateKey);
    const running = policy();
    expect(await running.check()).toEqual({ kind: 'bad_signature', version: '1.1.0' });
    expect(running.pending()).toBeNull();
    expect(await policy().atStart()).toBe('none');
    expect(installs).toEqual([]);
  });

  it('refuses an installer with no signature at all', async () => {
    const name = publish('1.1.0');
    files.delete(`${name}.sig`);
    expect(await policy().check()).toMatchObject({ kind: 'bad_signature' });
  });

  it('does not install a download changed on disk after it was checked', async () => {
    publish('1.1.0');
    const running = policy();
    await running.check();
    fs.appendFileSync(running.pending()!.file, 'tampered');
    // electron-updater finds its cached file changed and fetches it again; the fresh copy is checked.
    expect(await policy().atStart()).toBe('installing');
    expect(fs.readFileSync(running.pending()!.file)).toEqual(files.get('esim-counter-1.1.0-setup.exe'));
  });

  it('opens the counter without installing when the feed does not answer at the start', async () => {
    publish('1.1.0');
    await policy().check();
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createUpdatePolicy({
        updater: makeUpdater(),
        currentVersion: '1.0.0',
        feedUrl: () => `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
        publicKey: VENDOR_PUBLIC,
        stateFile: path.join(dir, 'updates', 'pending.json'),
        saleOpen: () => false,
        startTimeoutMs: 300,
      });
      const started = Date.now();
      expect(await slow.atStart()).toBe('not_installed');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(installs).toEqual([]);
      // Still waiting for a later start.
      expect(slow.pending()).toMatchObject({ version: '1.1.0' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('does nothing without a feed, for the version it runs, or when the feed is down', async () => {
    publish('1.0.0');
    expect(await policy(false, null).check()).toEqual({ kind: 'no_feed' });
    expect(await policy().check()).toEqual({ kind: 'up_to_date' });
    files.clear();
    expect(await policy().check()).toMatchObject({ kind: 'failed' });
    expect(await policy().atStart()).toBe('none');
  });
});

describe('newerVersion', () => {
  it('orders versions by number, a release after its prereleases', () => {
    expect(newerVersion('1.2.10', '1.2.9')).toBe(true);
    expect(newerVersion('1.2.9', '1.2.10')).toBe(false);
    expect(newerVersion('1.2.0', '1.2.0')).toBe(false);
    expect(newerVersion('1.3.0', '1.3.0-beta.2')).toBe(true);
    expect(newerVersion('1.3.0-beta.10', '1.3.0-beta.9')).toBe(true);
  });
});
