/**
 * The renderer's one door to the backend. In Electron the preload exposes `window.counter`, one
 * function per contract method; in browser mode the same calls go to POST /rpc/<method> with this
 * launch's secret. Screens and state never know which.
 */
import { createParser } from 'eventsource-parser';
import type { EventName, Events, InputOf, MethodName, OutputOf } from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import { displayKeyFor } from '../../shared/display-key.ts';

export type CounterApi = {
  call<M extends MethodName>(method: M, input: InputOf<M>): Promise<Result<OutputOf<M>>>;
  /**
   * Events as they happen; `onConnected` each time the stream is (re)connected, after which no event
   * is missed: whoever shows a state the backend holds asks for it again then.
   */
  subscribe(listener: <E extends EventName>(name: E, payload: Events[E]) => void, onConnected?: () => void): () => void;
};

/** What electron/preload.ts puts on window.counter. */
export type PreloadApi = Readonly<Record<MethodName, (input: unknown) => Promise<Result<unknown>>>> & {
  readonly onEvent: (listener: (name: string, payload: unknown) => void) => () => void;
};

declare global {
  interface Window {
    counter?: PreloadApi;
  }
}

const KEY_STORAGE = 'esim-counter.key';

/** Moves the launch secret from the address bar into this tab's session storage. */
export function adoptLaunchKey(): string | null {
  const match = /(?:^#|&)key=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(KEY_STORAGE, decodeURIComponent(match[1]));
    const rest = window.location.hash.replace(/(?:^#|&)key=[^&]+/, '').replace(/^&/, '#');
    history.replaceState(null, '', window.location.pathname + window.location.search + (rest === '#' ? '' : rest));
  }
  return sessionStorage.getItem(KEY_STORAGE);
}

function browserApi(key: string): CounterApi {
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  return {
    async call(method, input) {
      let response: Response;
      try {
        response = await fetch(`/rpc/${method}`, { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
      } catch {
        return {
          ok: false,
          error: {
            code: 'internal',
            reason: 'app_not_running',
            message: 'The counter app is not running. Start it again and reload this page.',
          },
        };
      }
      try {
        return (await response.json()) as Result<never>;
      } catch {
        const { status } = response;
        return {
          ok: false,
          error: {
            code: 'internal',
            reason: 'app_bad_answer',
            params: { status },
            message: `The counter app answered HTTP ${status}.`,
          },
        };
      }
    },
    subscribe(listener, onConnected) {
      const controller = new AbortController();
      void streamEvents(headers, controller.signal, listener as (name: string, payload: unknown) => void, onConnected);
      return () => controller.abort();
    },
  };
}

async function streamEvents(
  headers: Record<string, string>,
  signal: AbortSignal,
  listener: (name: string, payload: unknown) => void,
  onConnected?: () => void,
) {
  let delay = 1000;
  while (!signal.aborted) {
    try {
      const response = await fetch('/events', { headers, signal });
      if (!response.body) throw new Error('no stream');
      delay = 1000;
      const parser = createParser({
        onEvent: (event) => {
          // The backend's first word on a new stream: from here on every event arrives.
          if (event.event === 'ready') onConnected?.();
          else if (event.event) listener(event.event, JSON.parse(event.data) as unknown);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Reconnect below: the backend may be restarting.
    }
    if (signal.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 15_000);
  }
}

function electronApi(preload: PreloadApi): CounterApi {
  return {
    call: (method, input) => preload[method](input) as Promise<Result<never>>,
    subscribe: (listener, onConnected) => {
      const unsubscribe = preload.onEvent(listener as (name: string, payload: unknown) => void);
      // IPC has no stream to lose: connected from the moment the listener is in place.
      if (onConnected) queueMicrotask(onConnected);
      return unsubscribe;
    },
  };
}

/** null when this page holds no way to reach the backend (browser mode opened without the key). */
export function connect(): CounterApi | null {
  if (window.counter) return electronApi(window.counter);
  const key = adoptLaunchKey();
  if (key) void displayKeyFor(key).then((display) => (displayAddressCache = `/display#key=${display}`));
  return key ? browserApi(key) : null;
}

let displayAddressCache: string | null = null;

/**
 * Where the customer display opens. In browser mode with the display's own key, which can call
 * only the display's methods (the counter's key never reaches the customer's screen); in Electron
 * the shell gives the display window its own, as narrow, channel.
 */
export function displayAddress(): string {
  return displayAddressCache ?? '/display';
}

export type { AppError };
