/**
 * `serve-ready-ms`: from starting `npm run serve`'s backend (`node electron/cli/serve.ts`) on a
 * built renderer to the first answered `/rpc/app.info`, the median of five starts on a data folder
 * that already holds a journal (the counter's every morning), and the same for a first start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startBrowserMode } from '../test/support/browser-mode.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.ts')], { cwd: root, stdio: 'inherit' });

async function readyMs(dataDir: string): Promise<number> {
  const start = performance.now();
  const app = await startBrowserMode({ dataDir });
  try {
    for (;;) {
      const answer = await fetch(`${app.origin}/rpc/app.info`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (answer.ok && ((await answer.json()) as { ok: boolean }).ok) return performance.now() - start;
    }
  } finally {
    await app.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const first: number[] = [];
const again: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));
  try {
    first.push(await readyMs(dataDir));
    again.push(await readyMs(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`serve-ready-ms: ${median(again).toFixed(2)} ms`);
console.log(`serve-ready-first-ms: ${median(first).toFixed(2)} ms`);
console.log(
  `(${RUNS} starts each; ready ${again.map((t) => Math.round(t)).join(', ')} ms; first ${first.map((t) => Math.round(t)).join(', ')} ms)`,
);
