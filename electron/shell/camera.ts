/**
 * The desktop answer to `camera.scanning`: the backend checks the caller's role and input (and
 * answers `handled: false`, as it must in browser mode); then the shell notes that this window
 * scans, so the session's permission handler (security.ts) grants it the camera until it says it
 * stopped, navigates away or is destroyed.
 */
import type { WebContents } from 'electron';
import { methods } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import type { ScanningWindows } from './camera-permission.ts';

type Scanner = Pick<WebContents, 'id' | 'on' | 'once'>;

/** Wraps the dispatcher so `camera.scanning` marks the calling window. */
export function withCamera<S>(
  dispatch: (method: string, input: unknown, sender: S) => Promise<Result<unknown>>,
  scanning: ScanningWindows,
): (method: string, input: unknown, sender: S & Scanner) => Promise<Result<unknown>> {
  const watched = new Set<number>();
  return async (method, input, sender) => {
    if (method === 'camera.scanning' && methods['camera.scanning'].input.safeParse(input).data?.scanning === false) {
      // Stopping is always honoured, even when the backend refuses the call: a view that closes
      // because the counter locked itself says so after the session has ended.
      scanning.set(sender.id, false);
    }
    const checked = await dispatch(method, input, sender);
    if (method !== 'camera.scanning' || !checked.ok) return checked;
    // The backend has checked the input already; this reads it, and marks nothing it cannot read.
    const parsed = methods['camera.scanning'].input.safeParse(input);
    if (!parsed.success) return checked;
    const on = parsed.data.scanning;
    const id = sender.id;
    scanning.set(id, on);
    if (on && !watched.has(id)) {
      // A page that reloads, crashes or closes while scanning never says it stopped. The hash
      // routes (#topup, #usage) are navigations in the same document: the page stays.
      watched.add(id);
      const stop = () => scanning.set(id, false);
      sender.on('did-start-navigation', (_event, _url, isSameDocument, isMainFrame) => {
        if (isMainFrame && !isSameDocument) stop();
      });
      sender.on('render-process-gone', stop);
      sender.once('destroyed', () => {
        stop();
        watched.delete(id);
      });
    }
    return { ok: true, value: { handled: true } };
  };
}
