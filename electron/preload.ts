/**
 * window.counter: one function per contract method (each invoking its own `counter:<method>`
 * channel) and `onEvent`, frozen. Nothing else: ipcRenderer itself never reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { methodNames } from '../shared/contract.ts';
import { channelFor, EVENT_CHANNEL } from './shell/channels.ts';

type Listener = (name: string, payload: unknown) => void;

export function buildCounterApi(
  renderer: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>,
): Readonly<Record<string, unknown>> {
  const api: Record<string, unknown> = {};
  for (const method of methodNames) {
    const channel = channelFor(method);
    // Only the input crosses; the page cannot choose the channel.
    api[method] = (input: unknown) => renderer.invoke(channel, input);
  }
  api.onEvent = (listener: Listener) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function.');
    // The IPC event object (which carries `sender`) is not passed on to the page.
    const handler = (_event: IpcRendererEvent, name: string, payload: unknown) => listener(name, payload);
    renderer.on(EVENT_CHANNEL, handler);
    return () => {
      renderer.removeListener(EVENT_CHANNEL, handler);
    };
  };
  return Object.freeze(api);
}

contextBridge.exposeInMainWorld('counter', buildCounterApi(ipcRenderer));
