/**
 * A backend that starts again after the process's own uncaught exception. Such an exception leaves
 * whatever it interrupted half done (a timer's work, a listener, a stream), so the backend that was
 * running is closed — its journal checkpointed, its sandbox and servers stopped, the folder's lock
 * released — and a new one opened on the same data folder: the journal's own recovery then settles
 * any order the old one had in flight, exactly as after a crash. Windows and browser tabs keep
 * talking to the same `dispatch` and `events`; signed-in sessions end with the old backend.
 *
 * An exception that comes back at once is not cured by starting again: after MAX_RESTARTS within
 * RESTART_WINDOW_MS, or when the new backend cannot start, the process is given up (`giveUp`).
 */
import type { Dispatch } from './rpc.ts';
import { EventBus } from './events.ts';
import type { Backend } from './options.ts';
import type { FileLog } from './common/log.ts';
import { fail } from '../../shared/errors.ts';

export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 10 * 60_000;
/** Only stops a close that hangs: the new backend opens on the same folder either way. */
export const CLOSE_GIVE_UP_MS = 20_000;

export type RestartingBackendOptions = {
  readonly create: () => Promise<Backend>;
  readonly log: (message: string, error?: unknown) => void;
  readonly fileLog?: FileLog;
  /** Told after each restart, with the new backend (the shell reloads its windows). */
  readonly onRestarted?: (backend: Backend) => void;
  /** The process cannot go on: the exception keeps coming back, or the backend will not start again. */
  readonly giveUp: (error: unknown, why: 'repeated' | 'cannot_start') => void;
  readonly now?: () => number;
};

export type RestartingBackend = {
  /** Calls wait while a restart is under way, then reach the new backend. */
  readonly dispatch: Dispatch;
  /** One bus for the process's life: each backend's events are passed on to it. */
  readonly events: EventBus;
  /** The backend running now (null while one is being replaced). */
  current(): Backend | null;
  /** Told each time a backend is replaced (browser mode ends its event streams, so tabs reload what they show). */
  onRestart(listener: () => void): () => void;
  /** Browser mode's address, told to every backend this process starts. */
  serving(origin: string): void;
  /** What the uncaught exception handler calls: log, close the running backend, start another. */
  restart(error: unknown): Promise<void>;
  close(): Promise<void>;
};

export async function startRestartingBackend(options: RestartingBackendOptions): Promise<RestartingBackend> {
  const now = options.now ?? Date.now;
  const events = new EventBus(options.log);
  const restartListeners = new Set<() => void>();
  const restarts: number[] = [];
  let origin: string | null = null;
  let closed = false;
  let running: Backend | null = null;
  let unsubscribe = () => {};
  let restarting: Promise<void> | null = null;

  const adopt = (backend: Backend) => {
    running = backend;
    unsubscribe = backend.events.subscribe((name, payload) => events.emit(name, payload));
    if (origin) backend.serving(origin);
  };
  adopt(await options.create());

  const closeRunning = async () => {
    const closing = running;
    running = null;
    unsubscribe();
    if (!closing) return;
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), CLOSE_GIVE_UP_MS);
      timer.unref();
    });
    try {
      if ((await Promise.race([closing.close().then(() => 'closed' as const), hung])) === 'hung') {
        options.log('the backend did not finish closing; starting a new one all the same');
      }
    } catch (error) {
      options.log('closing the backend after an uncaught exception failed', error);
    } finally {
      clearTimeout(timer);
    }
  };

  const restart = async (error: unknown) => {
    // The exception itself is in the log already (logUncaught's monitor heard it first).
    if (closed) return;
    if (restarting) return restarting;
    const at = now();
    while (restarts.length > 0 && at - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      options.log(`${MAX_RESTARTS + 1} uncaught exceptions within ${RESTART_WINDOW_MS / 60_000} minutes: giving up`, error);
      options.giveUp(error, 'repeated');
      return;
    }
    restarts.push(at);
    options.fileLog?.info('the backend starts again after an uncaught exception', { restart: restarts.length });
    restarting = (async () => {
      await closeRunning();
      try {
        adopt(await options.create());
      } catch (startError) {
        options.log('the backend could not start again', startError);
        options.giveUp(startError, 'cannot_start');
        return;
      }
      options.fileLog?.info('the backend started again', { restart: restarts.length });
      for (const listener of restartListeners) listener();
      options.onRestarted?.(running!);
    })().finally(() => {
      restarting = null;
    });
    return restarting;
  };

  const dispatch: Dispatch = async (method, input, caller) => {
    if (restarting) await restarting;
    // A call that arrives after the process gave up gets the dispatcher's own words for a failure.
    if (!running) {
      return fail('internal', 'Something went wrong inside the app. The details are in the log.');
    }
    return running.dispatch(method, input, caller);
  };

  return {
    dispatch,
    events,
    current: () => running,
    onRestart(listener) {
      restartListeners.add(listener);
      return () => restartListeners.delete(listener);
    },
    serving(address) {
      origin = address;
      running?.serving(address);
    },
    restart,
    async close() {
      closed = true;
      if (restarting) await restarting;
      await closeRunning();
    },
  };
}

/**
 * Uncaught exceptions (and unhandled rejections, which Node raises as such) restart the backend
 * instead of ending the process or, in Electron, leaving a dialog over a counter in an unknown state.
 */
export function restartOnUncaught(
  backend: Pick<RestartingBackend, 'restart'>,
  target: Pick<NodeJS.Process, 'on'> = process,
): void {
  target.on('uncaughtException', (error) => void backend.restart(error));
}
