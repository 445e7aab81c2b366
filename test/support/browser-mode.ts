/**
 * Starts the app in browser mode exactly as a user does (`node electron/cli/serve.ts`), on a free
 * port with a fresh data folder, and hands back the printed address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type RunningApp = {
  url: string;
  origin: string;
  key: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

const root = path.resolve(import.meta.dirname, '..', '..');

export async function startBrowserMode(options: { dataDir?: string } = {}): Promise<RunningApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'electron', 'cli', 'serve.ts'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open (http:\/\/127\.0\.0\.1:\d+\/#key=\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    key: parsed.hash.replace('#key=', ''),
    dataDir,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
