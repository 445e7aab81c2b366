/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS, as sandboxed preloads
 * must be) into dist/electron: `--mode main` and `--mode preload`. Native and runtime modules stay
 * external; the journal's SQL migrations are copied next to the bundle, and its checkpoint worker
 * is built beside main.js by `--mode worker` (electron/backend/journal/durability.ts looks for it there).
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// @napi-rs/keyring loads a native binary per platform; only browser mode imports it, lazily.
// electron-updater stays a package (installed with the app's dependencies): it requires electron lazily, by platform.
const external = [
  'electron',
  'electron-updater',
  'better-sqlite3',
  '@napi-rs/keyring',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

const copyMigrations: Plugin = {
  name: 'copy-migrations',
  closeBundle() {
    fs.cpSync('electron/backend/journal/migrations', 'dist/electron/migrations', {
      recursive: true,
      filter: (f) => !f.endsWith('.ts'),
    });
  },
};

/** CommonJS entries: sandboxed preloads must be, and Electron's worker threads load CommonJS from app.asar. */
const CJS_ENTRIES: Record<string, { input: string; file: string }> = {
  preload: { input: 'electron/preload.ts', file: 'preload.cjs' },
  worker: { input: 'electron/backend/journal/checkpoint-worker.ts', file: 'checkpoint-worker.cjs' },
};

/**
 * ES entries: the desktop's main process, and browser mode's backend (`--mode serve`, serve.js beside
 * main.js, sharing its worker and migrations), which starts without loading ~200 source files one by one.
 */
const ES_ENTRIES: Record<string, { input: string; file: string }> = {
  main: { input: 'electron/main.ts', file: 'main.js' },
  serve: { input: 'electron/cli/serve.ts', file: 'serve.js' },
};

export default defineConfig(({ mode }) => {
  const cjs = CJS_ENTRIES[mode];
  const es = ES_ENTRIES[mode] ?? ES_ENTRIES.main!;
  return {
    plugins: cjs ? [] : [copyMigrations],
    build: {
      outDir: 'dist/electron',
      emptyOutDir: !cjs && mode !== 'serve',
      target: 'node22',
      ssr: cjs ? cjs.input : es.input,
      sourcemap: true,
      rollupOptions: {
        external,
        output: cjs
          ? { format: 'cjs', entryFileNames: cjs.file }
          : {
              format: 'es',
              entryFileNames: es.file,
              chunkFileNames: `chunks/${mode === 'serve' ? 'serve-' : ''}[name]-[hash].js`,
            },
      },
    },
    ssr: { noExternal: true, external },
    // A shipped app has no crash points: no environment variable can kill it mid-sale. Browser mode
    // keeps them, as its sources do, for the SIGKILL tests.
    resolve: {
      alias:
        mode === 'serve'
          ? []
          : [
              {
                find: /^.*\/crash-points\.ts$/,
                replacement: path.resolve(import.meta.dirname, 'electron/backend/common/crash-points-off.ts'),
              },
            ],
    },
  };
});
