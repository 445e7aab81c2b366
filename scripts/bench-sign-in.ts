/**
 * A clerk's PIN, as the counter's page sends it to browser mode's backend over HTTP:
 * - sign-in-ms: a PIN typed at the sign-in tiles to the session's answer (a fresh sign-in, so the
 *   PIN is checked against its scrypt hash in the journal), the median of ROUNDS;
 * - unlock-ms: the same clerk back after the lock, on the PIN held in memory for the session;
 * - sign-in-busy-ms / unlock-busy-ms: the same while another process keeps one core busy.
 * The Demo's accounts are hashed at the same cost as any account (staff/pin-hash.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { appValue, startBrowserMode } from '../test/support/browser-mode.ts';

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const app = await startBrowserMode();
const call = <T>(method: string, input: unknown = {}) => appValue<T>(app, method, input);
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

try {
  const tiles = await call<Array<{ id: string; name: string }>>('staff.list');
  const clerk = tiles.find((tile) => tile.name === 'Chris Clerk')!;
  const signIn = () => call('session.signIn', { staffId: clerk.id, pin: '1357' });
  const measure = async () => {
    const fresh: number[] = [];
    const back: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await call('session.signOut');
      fresh.push(await timed(signIn));
      await call('session.lock');
      back.push(await timed(signIn));
    }
    return { fresh, back };
  };
  await measure(); // the first calls load code and warm the connection
  const idle = await measure();
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  let busy: Awaited<ReturnType<typeof measure>>;
  try {
    busy = await measure();
  } finally {
    spinner.kill('SIGKILL');
  }
  console.log(`sign-in-ms: ${median(idle.fresh).toFixed(2)} ms`);
  console.log(`unlock-ms: ${median(idle.back).toFixed(2)} ms`);
  console.log(`sign-in-busy-ms: ${median(busy.fresh).toFixed(2)} ms`);
  console.log(`unlock-busy-ms: ${median(busy.back).toFixed(2)} ms`);
  console.log(`(${ROUNDS} rounds each; sign-in ${idle.fresh.map((t) => Math.round(t)).join(', ')} ms)`);
} finally {
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
