// Measures the sandbox as a separate process, the way the app and the tests use it:
// time from spawn to the printed URL, then throughput and latency under concurrent load.
// Output lines: `<name>: <value> <unit>`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../electron/cli/sandbox.ts', import.meta.url));
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function startProcess(): Promise<{ url: string; ms: number; stop: () => Promise<void> }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${out}`)));
  });
  const ms = performance.now() - t0;
  return {
    url,
    ms,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function load(name: string, run: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + DURATION_MS;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await run();
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(`${name}-rps: ${Math.round(latencies.length / seconds)} req/s`);
  console.log(`${name}-p50-ms: ${p(0.5).toFixed(1)} ms`);
  console.log(`${name}-p99-ms: ${p(0.99).toFixed(1)} ms`);
  console.log(`${name}-errors: ${errors} count`);
}

const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startProcess();
  starts.push(s.ms);
  await s.stop();
}
console.log(`sandbox-start-ms: ${Math.round(Math.min(...starts))} ms`);
console.log(`sandbox-start-max-ms: ${Math.round(Math.max(...starts))} ms`);

const sandbox = await startProcess();
try {
  const tokenRes = await fetch(`${sandbox.url}/v2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: 'demo-counter',
      client_secret: 'demo-counter-secret',
      grant_type: 'client_credentials',
    }),
  });
  const token = ((await tokenRes.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  await load('sandbox', () => fetch(`${sandbox.url}/v2/packages?filter[country]=DE&include=topup`, { headers }));
  await fetch(`${sandbox.url}/__sandbox/balance`, { method: 'POST', body: JSON.stringify({ amount: 1e9 }) });
  const pkgs = (await (await fetch(`${sandbox.url}/v2/packages?filter[country]=FR`, { headers })).json()) as {
    data: { operators: { packages: { id: string }[] }[] }[];
  };
  const packageId = pkgs.data[0]!.operators[0]!.packages[0]!.id;
  await load('sandbox-order', () => {
    const form = new FormData();
    form.append('package_id', packageId);
    form.append('quantity', '1');
    return fetch(`${sandbox.url}/v2/orders`, { method: 'POST', headers, body: form });
  });
} finally {
  await sandbox.stop();
}
