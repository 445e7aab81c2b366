/**
 * Whether this machine has an Electron runtime, without triggering a download (requiring the
 * `electron` package would): ELECTRON_OVERRIDE_DIST_PATH, or node_modules/electron/path.txt and the
 * file it names under dist/. And whether the app has been built.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
const electronDir = path.join(root, 'node_modules', 'electron');

export function electronExecutable(): { path: string } | { reason: string } {
  const pathFile = path.join(electronDir, 'path.txt');
  const name = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const file = path.join(override, name ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'));
    return fs.existsSync(file) ? { path: file } : { reason: `ELECTRON_OVERRIDE_DIST_PATH is set but ${file} does not exist` };
  }
  if (!fs.existsSync(path.join(electronDir, 'package.json'))) return { reason: 'the electron package is not installed' };
  if (!name)
    return {
      reason:
        'node_modules/electron/path.txt is missing, so the runtime was never downloaded (run `node node_modules/electron/install.js`)',
    };
  const file = path.join(electronDir, 'dist', name);
  return fs.existsSync(file)
    ? { path: file }
    : { reason: `the Electron runtime ${file} is missing (run \`node node_modules/electron/install.js\`)` };
}

export function missingBuild(): string | null {
  for (const file of ['dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/renderer/index.html']) {
    if (!fs.existsSync(path.join(root, file))) return `${file} is missing: run \`npm run build\` first`;
  }
  return null;
}

export function hasDisplay(): boolean {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}
