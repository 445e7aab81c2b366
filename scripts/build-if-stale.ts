/** Builds the renderer and browser mode's backend when their sources are newer than the last build, so `npm run serve` just works. */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist', 'renderer', 'index.html');

function newestMtime(source: string): number {
  const stat = fs.statSync(source, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(source, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function rendererIsStale(): boolean {
  return isStale(output, ['renderer', 'shared']);
}

/** Browser mode's backend bundled (`vite.electron.config.ts --mode serve`) with its checkpoint worker beside it. */
export const SERVE_BUNDLE = path.join(root, 'dist', 'electron', 'serve.js');
/** When the last whole build of it began: a source saved during a build is newer than this, so it is built again. */
const SERVE_STAMP = path.join(root, 'dist', 'electron', 'serve.built-from');
const SERVE_SOURCES = ['electron', 'shared', 'vite.electron.config.ts', 'package-lock.json'];

export function serveBundleIsStale(): boolean {
  let builtFrom: number;
  try {
    builtFrom = Number(fs.readFileSync(SERVE_STAMP, 'utf8'));
  } catch {
    return true;
  }
  if (!fs.existsSync(SERVE_BUNDLE) || !fs.existsSync(path.join(root, 'dist', 'electron', 'checkpoint-worker.cjs'))) return true;
  return SERVE_SOURCES.some((source) => newestMtime(path.join(root, source)) > builtFrom);
}

function isStale(built: string, sources: readonly string[]): boolean {
  if (!fs.existsSync(built)) return true;
  const at = fs.statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > at);
}

function viteBuild(...args: string[]): void {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  if (rendererIsStale()) viteBuild('--config', 'vite.renderer.config.ts');
  if (serveBundleIsStale()) {
    const began = Date.now();
    fs.rmSync(SERVE_STAMP, { force: true });
    viteBuild('--config', 'vite.electron.config.ts', '--mode', 'worker');
    viteBuild('--config', 'vite.electron.config.ts', '--mode', 'serve');
    fs.writeFileSync(SERVE_STAMP, String(began));
  }
}
