/**
 * `counter-interactive-ms`: from opening the counter's address in Chromium to the sign-in tiles
 * answering a click (the PIN pad shown for the name clicked), on browser mode's backend with a
 * built renderer, each time in a fresh browser profile (nothing cached); the median of RUNS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startBrowserMode } from '../test/support/browser-mode.ts';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 7;

spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.ts')], { cwd: root, stdio: 'inherit' });
const app = await startBrowserMode();
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const times: number[] = [];
try {
  for (let i = 0; i <= RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.getByRole('button', { name: /Chris Clerk/ }).click();
    await page.locator('.pinpad').waitFor();
    // The first run starts Chromium's own processes for the page: not the counter's time.
    if (i > 0) times.push(performance.now() - start);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
console.log(`counter-interactive-ms: ${median.toFixed(2)} ms`);
console.log(`(${RUNS} page loads in fresh profiles: ${times.map((t) => Math.round(t)).join(', ')} ms)`);
