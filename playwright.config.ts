import { defineConfig } from '@playwright/test';
import os from 'node:os';
import { CHROMIUM_ARGS, findTestBrowser } from './scripts/lib/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  // Timeouts only stop a hang: a machine whose cores are busy with other work runs a test several
  // times slower than alone, and that must not fail it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // One more than the cores: a test spends part of its time waiting on timers, the sandbox or an
  // event, and a third worker on two cores fills that time (a fifth less wall time, measured).
  workers: os.availableParallelism() + 1,
  // Every test has its own backend and data folder: the tests of one long file share the workers.
  fullyParallel: true,
  // No second tries: a test that passes only on its retry is a failing test.
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: findTestBrowser() ?? undefined, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // The runs are CPU-bound on two cores, and recording every test's trace to keep the failures' cost 12% more
    // CPU and 11% more time; a failure is read from its message, screenshot and error context, and traced again
    // by hand with --trace=on.
    trace: 'off',
  },
});
