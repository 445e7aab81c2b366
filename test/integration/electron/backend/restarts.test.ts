/**
 * Browser mode as a user starts it, hit by an exception nothing catches: the process logs it,
 * closes its backend and opens a new one on the same folder, and the counter answers again at the
 * same address, with the sales made before still in the journal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { appCall, appValue, startBrowserMode, type RunningApp } from '../../../support/browser-mode.ts';
import { until } from '../../../support/until.ts';
import type { SaleView } from '../../../../shared/sales.ts';

let app: RunningApp | null = null;
afterAll(async () => {
  await app?.stop();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

const throwOnSignal = path.resolve(import.meta.dirname, '../../../support/throw-on-signal.ts');

const call = <T>(method: string, input: unknown = {}) => appCall<T>(app!, method, input);
const value = <T>(method: string, input: unknown = {}) => appValue<T>(app!, method, input);

async function signInAndSell(): Promise<SaleView> {
  const tiles = await value<Array<{ id: string; name: string }>>('staff.list');
  const clerk = tiles.find((tile) => tile.name === 'Chris Clerk')!;
  await value('session.signIn', { staffId: clerk.id, pin: '1357' });
  const [offer] = await value<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' });
  return value<SaleView>('sales.create', { packageId: offer!.id, quantity: 1, paymentMethod: 'cash' });
}

it('starts its backend again after an uncaught exception: same address, the journal kept, the tabs told to reconnect', async () => {
  app = await startBrowserMode({ nodeArgs: ['--import', throwOnSignal] });
  const before = await signInAndSell();
  expect(before.status).toBe('completed');

  // A tab's event stream, open when the exception comes.
  const stream = await fetch(`${app.origin}/events`, { headers: { authorization: `Bearer ${app.key}` } });
  const reader = stream.body!.getReader();
  await reader.read(); // `ready`

  const log = path.join(app.dataDir, 'logs', 'counter.log');
  app.process.kill('SIGUSR2');
  await until(() => app!.process.exitCode !== null || fs.readFileSync(log, 'utf8').includes('the backend started again'));
  expect(app.process.exitCode).toBeNull();
  const lines = fs
    .readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; error?: { message: string } });
  const uncaught = lines.find((line) => line.msg.startsWith('uncaught exception'));
  expect(uncaught?.error?.message).toBe('a test asked for an uncaught exception');
  // The old backend closed (its `stop` line) before the new one started on the folder.
  const messages = lines.map((line) => line.msg);
  expect(messages.lastIndexOf('stop')).toBeGreaterThan(messages.indexOf(uncaught!.msg));
  expect(messages.filter((message) => message === 'start')).toHaveLength(2);

  // The stream ended, so the tab reconnects and asks again for what it shows.
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
  }
  // Whoever was signed in signs in again; the journal has every sale made before.
  const signedOut = await call('sales.create', { packageId: 'x', quantity: 1, paymentMethod: 'cash' });
  expect(signedOut.ok ? null : signedOut.error.code).toBe('signed_out');
  const after = await signInAndSell();
  expect(after.status).toBe('completed');
  expect(await value<SaleView>('sales.get', { id: before.id })).toMatchObject({ id: before.id, status: 'completed' });
  // The folder's lock names this process and its address again.
  const lock = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'counter.lock'), 'utf8')) as { pid: number; url?: string };
  expect(lock).toMatchObject({ pid: app.process.pid, url: app.origin });
});
