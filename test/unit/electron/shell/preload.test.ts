import { beforeAll, describe, expect, it, vi } from 'vitest';
import { methodNames } from '../../../../shared/contract.ts';

// The preload runs against this fake `electron`: what it exposes, and how each function calls IPC.
const electron = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        electron.exposed.set(key, api);
      },
    },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((l) => l !== listener),
        );
      }),
      send: vi.fn(),
    },
  };
});
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }));

let api: Record<string, any>;
beforeAll(async () => {
  await import('../../../../electron/preload.ts');
  api = electron.exposed.get('counter') as Record<string, any>;
});

describe('window.counter', () => {
  it('is exposed once, frozen, with one function per contract method plus onEvent and nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual(['counter']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'onEvent'].sort());
    for (const key of Object.keys(api)) expect(typeof api[key], key).toBe('function');
    expect(api).not.toHaveProperty('ipcRenderer');
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
  });

  it('invokes counter:<method> with only the input', async () => {
    for (const method of methodNames) {
      await expect(api[method]({ a: 1 })).resolves.toEqual({
        ok: true,
        value: { channel: `counter:${method}`, input: { a: 1 } },
      });
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(methodNames.length);
    expect(electron.ipcRenderer.invoke.mock.calls.every((call) => call.length === 2)).toBe(true);
    expect(electron.ipcRenderer.send).not.toHaveBeenCalled();
  });

  it('passes events on without the IPC event object, and unsubscribes', () => {
    const seen: unknown[][] = [];
    const off = api.onEvent((...args: unknown[]) => seen.push(args));
    const ipcEvent = { sender: { secret: 'ipcRenderer' } };
    for (const listener of electron.listeners.get('counter:event') ?? []) listener(ipcEvent, 'sale.updated', { id: 'x' });
    expect(seen).toEqual([['sale.updated', { id: 'x' }]]);
    off();
    expect(electron.listeners.get('counter:event')).toEqual([]);
    expect(() => api.onEvent('not a function')).toThrow(TypeError);
  });
});
