/** Builds the renderer and browser mode's backend when their sources are newer than the last build, so `npm run serve` just works. */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist', 'renderer', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function rendererIsStale(): boolean {
  return isStale(output, ['renderer', 'shared']);
}

/** Browser mode's backend bundled (`vite.electron.config.ts --mode serve`), when built since its sources last changed. */
export const SERVE_BUNDLE = path.join(root, 'dist', 'electron', 'serve.js');

export function serveBundleIsStale(): boolean {
  return isStale(SERVE_BUNDLE, ['electron', 'shared']);
}

function isStale(built: string, sources: readonly string[]): boolean {
  if (!fs.existsSync(built)) return true;
  const at = fs.statSync(built).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > at);
}

function viteBuild(...args: string[]): void {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  if (rendererIsStale()) viteBuild('--config', 'vite.renderer.config.ts');
  if (serveBundleIsStale()) {
    viteBuild('--config', 'vite.electron.config.ts', '--mode', 'serve');
    viteBuild('--config', 'vite.electron.config.ts', '--mode', 'worker');
  }
}
