/**
 * Starts the app in browser mode exactly as a user does (`node electron/cli/serve.ts`), on a free
 * port with a fresh data folder, and hands back the printed address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { COMPILE_CACHE_DIR } from '../../scripts/lib/compile-cache.ts';
import { SERVE_BUNDLE, serveBundleIsStale } from '../../scripts/build-if-stale.ts';
import type { Result } from '../../shared/errors.ts';

export type RunningApp = {
  url: string;
  origin: string;
  key: string;
  dataDir: string;
  /** The embedded Demo sandbox, whose control API (/__sandbox/…) tests use to break things on purpose. */
  sandboxUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

/**
 * A loopback port free at this moment, and kept free until it is used: it is below the ports the
 * system hands out to sockets bound to port 0, which the browsers, Playwright and every other backend
 * bind (one of them took such a port between this check and the backend's own listen: EADDRINUSE),
 * and each test worker takes its ports from a block of its own, so two workers never pick one at once.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? process.env.VITEST_POOL_ID ?? 0);
  const first = PORTS_FROM + (worker % 16) * PORT_BLOCK;
  ephemeral ??= ephemeralFrom();
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = first + (nextPort++ % PORT_BLOCK);
    if (port >= ephemeral) break;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free loopback port from ${first} for test worker ${worker}`);
}

const PORTS_FROM = 10_000;
const PORT_BLOCK = 1_000;
let nextPort = 0;
/** Read once a process: every backend a test starts asks for a port. */
let ephemeral: number | undefined;

/** The lowest port of the system's range for port 0 (Linux says it; elsewhere IANA's 49152). */
function ephemeralFrom(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 49_152;
  } catch {
    return 49_152;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * What runs: the bundled backend when it was built after the last change to its sources (the test
 * command builds it: a start loads one file, not ~200 stripped of their types), else the sources.
 */
let entry: string | null = null;
function serveEntry(): string {
  entry ??= serveBundleIsStale() ? path.join(root, 'electron', 'cli', 'serve.ts') : SERVE_BUNDLE;
  return entry;
}

export async function startBrowserMode(
  options: { dataDir?: string; args?: readonly string[]; nodeArgs?: readonly string[] } = {},
): Promise<RunningApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-e2e-'));
  const sandboxPort = await freePort();
  const args = ['--port', '0', '--data-dir', dataDir, '--sandbox-port', String(sandboxPort), ...(options.args ?? [])];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serveEntry(), ...args], {
    cwd: root,
    // A developer's own keyring is neither needed nor littered by a test run.
    // The store's locale follows the machine's: a fixed one (24-hour times) so tests read one clock
    // whatever the machine running them is set to. Tests of another locale set it in Settings.
    env: {
      NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
      ...process.env,
      ESIM_COUNTER_SECRETS: 'file',
      LANG: 'en_GB.UTF-8',
      LC_ALL: 'en_GB.UTF-8',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a start takes about 3 s alone, and several times that on a machine busy with other
    // work; the test's own timeout still bounds it. A start given up on is not left running.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`browser mode did not start within 45 s:\n${output}`));
    }, 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open (http:\/\/127\.0\.0\.1:\d+\/#key=\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    key: parsed.hash.replace('#key=', ''),
    dataDir,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A data folder as a counter leaves it at closing time: started once on a fresh folder (the Demo's
 * accounts made, the catalogue fetched into the journal), then stopped. A copy of it starts in a
 * third of a fresh start's work, which the tests that need no first start use (e2e/fixtures.ts).
 */
export async function openedDataDir(): Promise<string> {
  const app = await startBrowserMode();
  try {
    const journal = path.join(app.dataDir, 'journal-demo.sqlite');
    const db = new Database(journal, { readonly: true, fileMustExist: true });
    try {
      const stored = () => (db.prepare('SELECT count(*) AS n FROM catalog_cache').get() as { n: number }).n > 0;
      // The catalogue is fetched in the background after the start is announced.
      const deadline = Date.now() + 60_000;
      while (!stored()) {
        if (app.process.exitCode !== null)
          throw new Error(`browser mode ended (${app.process.exitCode}) before its catalogue was stored`);
        if (Date.now() > deadline) throw new Error('browser mode stored no catalogue within 60 s of its start');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      db.close();
    }
  } finally {
    await app.stop();
  }
  return app.dataDir;
}

/** One backend call as the counter's page makes it; the session is the backend's, shared with every tab. */
export async function appCall<T>(
  app: Pick<RunningApp, 'origin' | 'key'>,
  method: string,
  input: unknown = {},
): Promise<Result<T>> {
  const answer = await fetch(`${app.origin}/rpc/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await answer.json()) as Result<T>;
}

/** The same call's value; a failure is thrown with the method's name. */
export async function appValue<T>(app: Pick<RunningApp, 'origin' | 'key'>, method: string, input: unknown = {}): Promise<T> {
  const result = await appCall<T>(app, method, input);
  if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
  return result.value;
}
