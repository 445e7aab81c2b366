/**
 * Runs test/support/sale-worker.ts, a backend in a process of its own that a crash test may kill,
 * against a sandbox this process owns (so the sandbox outlives the kill).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestSandbox, type TestSandbox } from './sandbox.ts';

const worker = path.resolve(import.meta.dirname, 'sale-worker.ts');

/** A sandbox for crash tests, and the first local package of `country`. */
export async function crashSandbox(country: string): Promise<{ ts: TestSandbox; packageId: string }> {
  // Every worker is a fresh install with its own token; the real limit of 5 a minute would refuse them.
  const ts = await startTestSandbox({ tokenRateLimitPerMinute: 100 });
  const token = await ts.token();
  const response = await fetch(`${ts.url}/v2/packages?filter[country]=${country}&filter[type]=local&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: Array<{ operators: Array<{ packages: Array<{ id: string }> }> }> };
  return { ts, packageId: body.data[0]!.operators[0]!.packages[0]!.id };
}

export type WorkerRun = { signal: NodeJS.Signals | null; status: number | null; stderr: string; out: string };

/**
 * One run of the worker (MODE, DATA_DIR, SALE_ID, PACKAGE_ID and the rest in `env`), killed on the
 * way when `crashAt` names a crash point. Async on purpose: the sandbox lives in this process and
 * must keep answering while the worker runs. `out` is the worker's last line.
 */
export function runSaleWorker(ts: TestSandbox, env: Record<string, string>, crashAt = ''): Promise<WorkerRun> {
  const child = spawn(process.execPath, [worker], {
    env: {
      ...process.env,
      ...env,
      SANDBOX_URL: ts.url,
      CLIENT_ID: ts.sandbox.clientId,
      CLIENT_SECRET: ts.sandbox.clientSecret,
      ESIM_COUNTER_CRASH_AT: crashAt,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.on('exit', (status, signal) => resolve({ signal, status, stderr, out: stdout.trim().split('\n').at(-1) ?? '' }));
  });
}
