/**
 * The real Electron app, driven by Playwright's `_electron`: `npm run test:e2e-electron`. Runs in
 * the desktop workflow after the runtime is installed; elsewhere every test reports itself skipped.
 */
import { defineConfig } from '@playwright/test';
import { electronExecutable, hasDisplay } from './runtime.ts';

// Said once, by the runner (workers load this file too): why the suite will report itself skipped.
const runtime = electronExecutable();
if (process.env.TEST_WORKER_INDEX === undefined) {
  if ('reason' in runtime) console.log(`Electron end-to-end tests skipped: no Electron runtime: ${runtime.reason}.`);
  else if (!hasDisplay()) console.log('Electron end-to-end tests skipped: no display (use xvfb-run on Linux).');
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e-electron',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { screenshot: 'only-on-failure', trace: 'retain-on-failure' },
});
