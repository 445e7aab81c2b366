import type { CounterApi } from './bridge.ts';

let current: CounterApi | null = null;

/** Set once at start-up (main.tsx); tests may set their own. */
export function setApi(api: CounterApi | null): void {
  current = api;
}

export function api(): CounterApi {
  if (!current) throw new Error('The counter API is not connected.');
  return current;
}

/**
 * Calls that come back "signed out" or "locked" mean the session ended behind the screen's back
 * (idle lock, another window signed out): tell the session slice so the sign-in screen shows.
 */
export function watchSession(inner: CounterApi, onSessionLost: () => void): CounterApi {
  return {
    subscribe: (listener, onConnected) => inner.subscribe(listener, onConnected),
    async call(method, input) {
      const result = await inner.call(method, input);
      if (!result.ok && result.error.code === 'signed_out' && method !== 'session.signIn') onSessionLost();
      return result;
    },
  };
}
