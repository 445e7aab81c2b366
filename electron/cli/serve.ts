/**
 * `npm run serve -- --port <p> [--data-dir <dir>]`: browser mode. Starts the backend, serves the
 * built renderer on 127.0.0.1 and prints one line with the address to open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBackend, type BackendOptions } from '../backend/app.ts';
import { restartOnUncaught, startRestartingBackend } from '../backend/restarts.ts';
import { defaultDataDir } from '../backend/paths.ts';
import { DataFolderError } from '../backend/data-folder.ts';
import { JournalError } from '../backend/journal/open.ts';
import { startWebHost } from '../backend/web/host.ts';
import { consoleLog, createFileLog, logUncaught } from '../backend/common/log.ts';
import { fontconfigLanguages, probeOf, missingFontsAdvice } from './fonts.ts';
import { parseCliArgs, parsePort } from './args.ts';
import { SERVE_OPTIONS } from './serve-options.ts';
import { readPackageVersion } from './version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function serveBrowserMode(argv: Record<string, string | boolean | undefined>) {
  const dataDir = path.resolve(typeof argv['data-dir'] === 'string' ? argv['data-dir'] : defaultDataDir());
  const fileLog = createFileLog();
  logUncaught(fileLog);
  const options: BackendOptions = {
    dataDir,
    fileLog,
    transport: 'browser',
    version: readPackageVersion(root),
    demoSandboxPort: argv['sandbox-port'] === undefined ? undefined : parsePort(argv['sandbox-port'], 0),
    settleMs: parseMs('settle-ms', argv['settle-ms'], { min: 0 }),
    // A minute shorter, never longer: a lock of at least 10 s, a timer Node can arm.
    idleLockMinuteMs: parseMs('idle-lock-minute-ms', argv['idle-lock-minute-ms'], { min: 10_000, max: 60_000 }),
  };
  const backend = await startOrExplain(() =>
    startRestartingBackend({
      create: () => createBackend(options),
      log: consoleLog,
      fileLog,
      giveUp: () => {
        console.error('eSIM Counter stopped after an error it could not recover from. The details are in the log.');
        process.exit(1);
      },
    }),
  );
  restartOnUncaught(backend);
  const port = parsePort(argv.port, 4780);
  const host = await startWebHost({ backend, staticDir: path.join(root, 'dist', 'renderer'), port }).catch(
    async (error: unknown) => {
      // Another program took the port: said in words, and the journal closed before the process ends.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await backend.close();
      const advice = argv.port === undefined ? '' : ', or leave it out';
      console.error(`Port ${port} is in use by another program. Choose another with --port${advice}.`);
      process.exit(1);
    },
  );
  // The lock file says where the counter runs, never with the launch key: other programs of this
  // account can read it.
  backend.serving(host.origin);
  const stop = async () => {
    await host.close();
    await backend.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  return host;
}

/** Where to open the counter, and what this computer lacks to show it whole. */
export function announce(host: { url: string }): void {
  console.log(`eSIM Counter is running in browser mode: open ${host.url}`);
  if (process.platform !== 'linux') return;
  void fontconfigLanguages().then((langs) => {
    const fonts = missingFontsAdvice(probeOf(langs));
    if (fonts) console.log(fonts);
  });
}

/** A span in milliseconds given on the command line (`--settle-ms`, `--idle-lock-minute-ms`). */
function parseMs(name: string, value: string | boolean | undefined, range: { min: number; max?: number }): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  const { min, max } = range;
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(ms) || ms < min || (max !== undefined && ms > max)) {
    const span = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
    console.error(`--${name} must be a whole number of milliseconds ${span}, not "${String(value)}".`);
    process.exit(2);
  }
  return ms;
}

/**
 * What stops a start and has words for the person at the keyboard (the folder in use, a journal
 * missing): said in one paragraph, without a stack trace, and the process ends.
 */
async function startOrExplain<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof DataFolderError || error instanceof JournalError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

if (import.meta.main) {
  const args = parseCliArgs({
    command: 'npm run serve --',
    about:
      'eSIM Counter in browser mode: the counter served to a browser on this computer only, on the Demo sandbox until a manager goes live.',
    options: {
      ...SERVE_OPTIONS,
      // The embedded Demo sandbox's port, so a test or a curious developer can reach its control API.
      'sandbox-port': { type: 'string', value: 'p', help: 'the embedded Demo sandbox’s port (default: any free one)' },
      // The soak and tests against a local simulator, whose orders are at once visible, shorten the
      // two minutes the real service is given.
      'settle-ms': {
        type: 'string',
        value: 'ms',
        help: 'how long an order the service has no record of is given before it is believed never placed (default 120000)',
      },
      // The idle lock's tests wait for it twice: a one-minute lock of 30 s halves their wait.
      'idle-lock-minute-ms': {
        type: 'string',
        value: 'ms',
        help: 'how long a minute of the idle-lock setting lasts, 10000 to 60000 (default 60000)',
      },
    },
    notes: 'It prints the address to open, with the counter’s key; Ctrl-C stops it.',
  });
  announce(await serveBrowserMode(args));
}
