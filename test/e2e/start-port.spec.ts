/**
 * `npm start -- --port <n>` as a shop owner types it: the counter on that port (browser mode here,
 * where no Electron runtime can be had), and a port another program holds said in words.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/browser-mode.ts';
import { DEMO_STAFF } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

function start(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-start-'));
  const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts'), '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    // No display: no system browser is opened, and no Electron window is tried.
    env: { ...env, ESIM_COUNTER_BROWSER_MODE: '1', ESIM_COUNTER_SECRETS: 'file', LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

test('npm start -- --port serves the counter on that port', async ({ page }) => {
  const port = await freePort();
  const app = start(port);
  try {
    await expect.poll(app.output).toMatch(new RegExp(`open http://127\\.0\\.0\\.1:${port}/#key=\\S+`));
    const url = /open (http:\/\/\S+)/.exec(app.output())![1]!;
    await page.goto(url);
    await expect(page.getByRole('button', { name: new RegExp(DEMO_STAFF.clerk.name) })).toBeVisible();
  } finally {
    app.child.kill('SIGTERM');
    await app.exited;
  }
});

test('a port another program holds is said in words, and nothing starts', async () => {
  const other = net.createServer();
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const port = (other.address() as net.AddressInfo).port;
  try {
    const app = start(port);
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain(`Port ${port} is in use by another program. Choose another with --port, or leave it out.`);
    expect(app.output()).not.toMatch(/EADDRINUSE|\n\s+at /);
  } finally {
    other.close();
  }
});
