import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Backends started by tests keep secrets in their temp data folder, never in a developer's keyring
// (test/unit/electron/backend/secrets/keychain.test.ts probes the real keychain on purpose, with fileOnly: false).
const env = { ESIM_COUNTER_SECRETS: 'file' };

// A timeout only stops a test that hangs; it never checks speed (benchmarks do). Long enough for a
// machine whose cores are both busy with other work: a PIN's scrypt, a child process killed and
// restarted, take many times longer there than alone.
const hung = { testTimeout: 60_000, hookTimeout: 60_000 };
// expect.poll's own default (1 s) is a timeout a busy machine exceeds: a poll waits as long as its test may.
const expectations = { poll: { timeout: 10 * hung.testTimeout } };
const unitTests = { environment: 'node' as const, env, ...hung, expect: expectations };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, where
    // most integration files wait on a sandbox, a child process or a timer. One more than the cores
    // fills that waiting: on two cores, three take 224 s where two took 266 s.
    maxWorkers: os.availableParallelism() + 1,
    // The backend's tests share their worker's modules from file to file (isolate: false): each test
    // makes its own journal, backend and sandbox, and a module loaded once instead of for each of 200
    // files took Vitest from 200 s to 160 s. Checked with the files in two shuffled orders.
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          exclude: ['test/unit/renderer/**'],
          ...unitTests,
          isolate: false,
        },
      },
      {
        // The renderer's words (i18next) and stores are module state a screen's test sets up for
        // itself: each file gets modules of its own.
        test: {
          name: 'renderer',
          include: ['test/unit/renderer/**/*.test.ts', 'test/unit/renderer/**/*.test.tsx'],
          ...unitTests,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 2 * hung.testTimeout,
          hookTimeout: 2 * hung.hookTimeout,
          expect: expectations,
          isolate: false,
        },
      },
    ],
  },
});
