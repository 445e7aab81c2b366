/**
 * Reaches the Demo sandbox that a browser-mode backend embeds, so a test can break it on purpose
 * (stock, faults). Browser mode does not print the sandbox's address, so this finds it the way an
 * operator would with `ss -ltnp`: the TCP ports the backend process listens on (Linux /proc),
 * minus the web host's, and keeps the one that answers the sandbox's control API.
 * A stop-gap until the backend offers a test hook (see the renderer report); Linux only.
 */
import fs from 'node:fs';
import type { RunningApp } from '../support/browser-mode.ts';

function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // The descriptor closed while we looked.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] local address "0100007F:1F90", cols[3] state (0A = LISTEN), cols[9] inode
      if (cols[3] === '0A' && cols[9] && inodes.has(cols[9])) ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

export type SandboxControl = {
  url: string;
  post(path: string, body: unknown): Promise<unknown>;
};

export async function sandboxOf(app: RunningApp): Promise<SandboxControl> {
  const webPort = Number(new URL(app.origin).port);
  for (const port of listeningPorts(app.process.pid!)) {
    if (port === webPort) continue;
    const url = `http://127.0.0.1:${port}`;
    try {
      const response = await fetch(`${url}/__sandbox/clock`);
      if (!response.ok) continue;
      return {
        url,
        async post(path, body) {
          const answer = await fetch(`${url}/__sandbox${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!answer.ok) throw new Error(`sandbox ${path} answered ${answer.status}: ${await answer.text()}`);
          return answer.json() as Promise<unknown>;
        },
      };
    } catch {
      // Not the sandbox.
    }
  }
  throw new Error('The embedded sandbox of this backend was not found.');
}
