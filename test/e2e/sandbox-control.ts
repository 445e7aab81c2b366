/** The control API of the Demo sandbox embedded in a browser-mode backend (started with --sandbox-port). */
import type { RunningApp } from '../support/browser-mode.ts';

export type SandboxControl = {
  url: string;
  post(path: string, body: unknown): Promise<unknown>;
  /** Ends every injected fault: the service answers normally again. */
  clearFaults(): Promise<void>;
  /** Holds the next request matching `match` until `release`: a call visibly under way, for as long as a test looks. */
  hold(match: { method: string; path: string }): Promise<void>;
  /** Lets the held requests through. */
  release(): Promise<void>;
};

export async function sandboxOf(app: RunningApp): Promise<SandboxControl> {
  const url = app.sandboxUrl;
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const answer = await fetch(`${url}/__sandbox${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`sandbox ${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.json() as Promise<unknown>;
  };
  return {
    url,
    post,
    async hold(match) {
      await post('/faults', { match, kind: 'hold' });
    },
    async release() {
      await post('/faults/release', {});
    },
    async clearFaults() {
      const answer = await fetch(`${url}/__sandbox/faults`, { method: 'DELETE' });
      if (!answer.ok) throw new Error(`sandbox DELETE /faults answered ${answer.status}`);
    },
  };
}
