/**
 * `npm test`: typecheck, lint, unit and integration tests (Vitest), end-to-end tests (Playwright in
 * browser mode), a short soak, then one plain closing line `N passed, N failed, N skipped` over all
 * of them. Typecheck, lint and the soak count as one check each. Every stage runs even when an earlier one failed,
 * so one run shows everything that is wrong.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILE_CACHE_DIR } from './lib/compile-cache.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-test-'));
// Every process the tests start shares Node's compile cache: a backend's start takes 1.8 s of CPU, was 2.4 s.
process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;
const tally = { passed: 0, failed: 0, skipped: 0 };

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(title: string, command: string, args: string[]): void {
  if (run(title, command, args)) tally.passed++;
  else {
    tally.failed++;
    console.log(`✖ ${title} failed`);
  }
}

/** One program's run with its output kept, to be printed whole when it ends (runs overlap). */
function runQuietly(command: string, args: string[]): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: (performance.now() - started) / 1000 }));
  });
}

/**
 * Typecheck (three projects) and lint (ESLint, Prettier): each program runs on one core, so they
 * run side by side, as many at once as there are cores, the longest first; each of the two checks
 * counts once, as before.
 */
async function staticChecks(): Promise<void> {
  const jobs: Array<{ check: 'typecheck' | 'lint'; title: string; command: string; args: string[] }> = [
    { check: 'lint', title: 'eslint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
    ...['tsconfig.test.json', 'tsconfig.node.json', 'tsconfig.web.json'].map((project) => ({
      check: 'typecheck' as const,
      title: `tsc -p ${project}`,
      command: bin('tsc'),
      args: ['-p', project, '--noEmit'],
    })),
    { check: 'lint', title: 'prettier', command: bin('prettier'), args: ['--check', '.'] },
  ];
  console.log(`\n▶ typecheck and lint (${jobs.map((job) => job.title).join(', ')})`);
  const failed = new Set<string>();
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const result = await runQuietly(job.command, job.args);
      console.log(`${result.ok ? '✓' : '✖'} ${job.title} (${result.seconds.toFixed(0)} s)`);
      if (!result.ok) {
        failed.add(job.check);
        process.stdout.write(result.output);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs.length, os.availableParallelism())) }, lane));
  for (const name of ['typecheck', 'lint']) {
    if (failed.has(name)) {
      tally.failed++;
      console.log(`✖ ${name} failed`);
    } else tally.passed++;
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

await staticChecks();

const vitestReport = path.join(reports, 'vitest.json');
const vitestOk = run('unit and integration tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(
  vitestReport,
);
if (vitest) {
  tally.passed += vitest.numPassedTests;
  tally.failed += vitest.numFailedTests;
  tally.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) tally.failed++; // a crash before any test counted

const e2eReady =
  run('browser for end-to-end tests', process.execPath, [path.join(root, 'scripts', 'ensure-browser.ts')]) &&
  run('renderer build', process.execPath, [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
  ]) &&
  // The tests' backends start from the bundle, as `npm run serve` does (test/support/browser-mode.ts).
  run('backend build', 'npm', ['run', '--silent', 'build:serve']);
if (!e2eReady) tally.failed++;
else {
  const playwrightReport = path.join(reports, 'playwright.json');
  const playwrightOk = run('end-to-end tests', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const stats = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    playwrightReport,
  )?.stats;
  if (stats) {
    // A test that passed only on a second try is a failing test (retries are off; should anyone turn them on).
    tally.passed += stats.expected;
    tally.failed += stats.unexpected + stats.flaky;
    tally.skipped += stats.skipped;
  }
  if (!playwrightOk && (!stats || stats.unexpected + stats.flaky === 0)) tally.failed++;
}

// A short soak: SIGKILLs and order faults against the built renderer's backend; 200 rounds by hand.
check('soak (10 rounds)', process.execPath, [path.join(root, 'scripts', 'soak.ts'), '--iterations', '10']);

console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(tally.failed === 0 ? 0 : 1);
