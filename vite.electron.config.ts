/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS, as sandboxed preloads
 * must be) into dist/electron: `--mode main` and `--mode preload`. Native and runtime modules stay
 * external; the journal's SQL migrations are copied next to the bundle, and its checkpoint worker
 * is an entry of its own beside main.js (electron/db/durability.ts looks for it there).
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig, type Plugin } from 'vite';

const external = ['electron', 'better-sqlite3', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const copyMigrations: Plugin = {
  name: 'copy-migrations',
  closeBundle() {
    fs.cpSync('electron/db/migrations', 'dist/electron/migrations', { recursive: true, filter: (f) => !f.endsWith('.ts') });
  },
};

export default defineConfig(({ mode }) => {
  const preload = mode === 'preload';
  return {
    plugins: preload ? [] : [copyMigrations],
    build: {
      outDir: 'dist/electron',
      emptyOutDir: !preload,
      target: 'node22',
      ssr: preload ? 'electron/preload.ts' : true,
      sourcemap: true,
      rollupOptions: {
        input: preload ? undefined : { main: 'electron/main.ts', 'checkpoint-worker': 'electron/db/checkpoint-worker.ts' },
        external,
        output: preload
          ? { format: 'cjs', entryFileNames: 'preload.cjs' }
          : { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    ssr: { noExternal: true, external },
  };
});
