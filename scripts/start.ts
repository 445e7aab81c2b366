/**
 * `npm start`: the Electron app when an Electron runtime can be had; otherwise one line saying so
 * and why, then browser mode (opening the system browser when there is one).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { rendererIsStale } from './build-if-stale.ts';
import { parseCliArgs } from '../electron/cli/args.ts';
import { SERVE_OPTIONS } from '../electron/cli/serve-options.ts';

const args = parseCliArgs({
  command: 'npm start --',
  about:
    'eSIM Counter: the desktop app when an Electron runtime can be had, else browser mode (the counter in this computer’s browser), on the Demo sandbox until a manager goes live.',
  options: SERVE_OPTIONS,
  notes:
    'The options are browser mode’s; the desktop app keeps its journal in its own folder. npm run serve -- --help tells more.',
});

const root = path.resolve(import.meta.dirname, '..');
const electronDir = path.join(root, 'node_modules', 'electron');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

function build(args: string[]): void {
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Where a failed runtime download is remembered: `npm start` then goes straight to browser mode
 * for a day instead of waiting on the same failure at every start.
 */
const FAILED_DOWNLOAD = path.join(root, 'node_modules', '.cache', 'esim-counter', 'electron-download-failed.json');
const RETRY_DOWNLOAD_AFTER_MS = 24 * 60 * 60_000;

function recentFailedDownload(): { at: string; detail: string } | null {
  if (process.env.ESIM_COUNTER_RETRY_ELECTRON === '1') return null;
  try {
    const mark = JSON.parse(fs.readFileSync(FAILED_DOWNLOAD, 'utf8')) as { at: string; detail: string };
    return Date.now() - Date.parse(mark.at) < RETRY_DOWNLOAD_AFTER_MS ? mark : null;
  } catch {
    return null; // no mark (or an unreadable one): try the download
  }
}

/** The Electron executable, downloading the runtime once if it is missing; or why there is none. */
function electronRuntime(): { path: string } | { reason: string } {
  if (process.env.ESIM_COUNTER_BROWSER_MODE === '1') return { reason: 'ESIM_COUNTER_BROWSER_MODE=1 asks for browser mode' };
  if (!fs.existsSync(path.join(electronDir, 'package.json'))) return { reason: 'the electron package is not installed' };
  // No window could open anyway: no download is worth waiting for.
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'there is no display to open a window on' };
  }
  const executable = () => {
    const pathFile = path.join(electronDir, 'path.txt');
    if (!fs.existsSync(pathFile)) return null;
    const file = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8'));
    return fs.existsSync(file) ? file : null;
  };
  let found = executable();
  if (!found) {
    const failed = recentFailedDownload();
    if (failed) {
      return {
        reason: `the Electron runtime could not be downloaded at ${failed.at}${failed.detail ? ` (${failed.detail})` : ''}; set ESIM_COUNTER_RETRY_ELECTRON=1 to try again before a day has passed`,
      };
    }
    const attempt = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    found = executable();
    if (!found) {
      const detail =
        `${attempt.stderr ?? ''}${attempt.stdout ?? ''}`
          .split('\n')
          .find((line) => /error|fail/i.test(line))
          ?.trim() ?? '';
      fs.mkdirSync(path.dirname(FAILED_DOWNLOAD), { recursive: true });
      fs.writeFileSync(FAILED_DOWNLOAD, JSON.stringify({ at: new Date().toISOString(), detail }));
      return { reason: `the Electron runtime could not be downloaded${detail ? ` (${detail})` : ''}` };
    }
  }
  return { path: found };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) return;
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined); // no system browser: the printed address is enough
  child.unref();
}

if (rendererIsStale()) build(['--config', 'vite.renderer.config.ts']);

const runtime = electronRuntime();
if ('path' in runtime) {
  build(['--config', 'vite.electron.config.ts', '--mode', 'main']);
  build(['--config', 'vite.electron.config.ts', '--mode', 'preload']);
  const child = spawn(runtime.path, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`No Electron runtime: ${runtime.reason}. Starting browser mode instead.`);
  const { announce, serveBrowserMode } = await import('../electron/cli/serve.ts');
  // The port asked for (serve says it in words when it is taken), or the usual one while it is free,
  // else any: a second counter on this computer still starts.
  const port = args.port ?? ((await portIsFree(4780)) ? '4780' : '0');
  const host = await serveBrowserMode({ port, 'data-dir': args['data-dir'] });
  announce(host);
  // The browser's command line is readable by every program of this account: a one-time ticket
  // goes there, never the launch key.
  openBrowser(host.launchUrl());
}
