/**
 * window.counter: one function per contract method and an event subscription, frozen. ipcRenderer
 * itself never reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { methodNames } from '../shared/contract.ts';

const api: Record<string, unknown> = {};
for (const method of methodNames) {
  api[method] = (input: unknown) => ipcRenderer.invoke('counter:rpc', method, input);
}
api.onEvent = (listener: (name: string, payload: unknown) => void) => {
  const handler = (_event: IpcRendererEvent, name: string, payload: unknown) => listener(name, payload);
  ipcRenderer.on('counter:event', handler);
  return () => {
    ipcRenderer.removeListener('counter:event', handler);
  };
};

contextBridge.exposeInMainWorld('counter', Object.freeze(api));
