import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, WebContents } from '../../../../electron/shell/electron-types.ts';
import { methodNames } from '../../../../shared/contract.ts';
import { channelFor, EVENT_CHANNEL } from '../../../../electron/shell/channels.ts';
import {
  broadcastEvent,
  DISPLAY_WINDOW_METHODS,
  registerIpcHandlers,
  TrustedWindows,
  type Dispatch,
} from '../../../../electron/shell/ipc.ts';
import { FakeIpcMain, FakeWebContents, FakeWebFrame } from '../../../support/fake-electron.ts';

function setup() {
  const ipcMain = new FakeIpcMain();
  const trusted = new TrustedWindows();
  const dispatch = vi.fn<Dispatch>(async (method) => ({ ok: true, value: `answer of ${method}` }));
  const log = vi.fn();
  const remove = registerIpcHandlers(ipcMain as unknown as IpcMain, dispatch, trusted, log);
  const window = (url: string, role: 'clerk' | 'display' | null = 'clerk') => {
    const contents = new FakeWebContents();
    contents.mainFrame.url = url;
    if (role) trusted.add(contents as unknown as WebContents, role);
    return contents;
  };
  return { ipcMain, trusted, dispatch, log, remove, window };
}

const forbidden = { ok: false, error: { code: 'forbidden', reason: expect.any(String), message: expect.any(String) } };

describe('IPC handlers', () => {
  it('registers one counter:<method> handler for every contract method, and nothing else', () => {
    const { ipcMain, remove } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(methodNames.map((m) => `counter:${m}`).sort());
    expect(methodNames.length).toBeGreaterThan(10);
    remove();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('passes a call from the main frame of our clerk window to the dispatcher with its input', async () => {
    const { ipcMain, dispatch, window } = setup();
    const clerk = window('app://counter/');
    const input = { staffId: 's1', pin: '1357' };
    await expect(
      ipcMain.invoke(channelFor('session.signIn'), { sender: clerk, senderFrame: clerk.mainFrame }, input),
    ).resolves.toEqual({
      ok: true,
      value: 'answer of session.signIn',
    });
    expect(dispatch).toHaveBeenCalledWith('session.signIn', input, clerk);
  });

  it('every handler refuses a frame of a foreign origin, even in our own window', async () => {
    const { ipcMain, dispatch, window, log } = setup();
    for (const url of [
      'https://evil.example/',
      'app://evil/',
      'file:///etc/passwd',
      'app://counter.evil/',
      'http://counter/',
      'app://user@counter/',
    ]) {
      const contents = window(url);
      for (const method of methodNames) {
        await expect(
          ipcMain.invoke(channelFor(method), { sender: contents, senderFrame: contents.mainFrame }, {}),
        ).resolves.toEqual(forbidden);
      }
    }
    expect(dispatch).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused sales.create from https://evil.example/'));
  });

  it('refuses a subframe of our window, even on our origin', async () => {
    const { ipcMain, dispatch, window } = setup();
    const clerk = window('app://counter/');
    const subframe = new FakeWebFrame('app://counter/', clerk.mainFrame);
    await expect(ipcMain.invoke(channelFor('sales.create'), { sender: clerk, senderFrame: subframe }, {})).resolves.toEqual(
      forbidden,
    );
    const lookalike = new FakeWebFrame('app://counter/'); // a main frame, but not this window's
    await expect(ipcMain.invoke(channelFor('sales.create'), { sender: clerk, senderFrame: lookalike }, {})).resolves.toEqual(
      forbidden,
    );
    await expect(ipcMain.invoke(channelFor('sales.create'), { sender: clerk, senderFrame: null }, {})).resolves.toEqual(
      forbidden,
    );
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a window that is not one of ours (another web contents on our origin) and one that was closed', async () => {
    const { ipcMain, dispatch, window } = setup();
    const stranger = window('app://counter/', null);
    await expect(
      ipcMain.invoke(channelFor('app.info'), { sender: stranger, senderFrame: stranger.mainFrame }, {}),
    ).resolves.toEqual(forbidden);
    const closed = window('app://counter/');
    closed.destroy();
    await expect(ipcMain.invoke(channelFor('app.info'), { sender: closed, senderFrame: closed.mainFrame }, {})).resolves.toEqual(
      forbidden,
    );
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('lets the customer display read what to show and pick the customer’s language, nothing else', async () => {
    const { ipcMain, dispatch, window } = setup();
    const display = window('app://counter/display', 'display');
    // What to show, the app it belongs to, the customer's pick of language and its own crash for
    // the log: nothing of the staff's.
    expect([...DISPLAY_WINDOW_METHODS].sort()).toEqual(['app.info', 'app.reportCrash', 'display.current', 'display.setLanguage']);
    for (const method of methodNames) {
      const answer = await ipcMain.invoke(channelFor(method), { sender: display, senderFrame: display.mainFrame }, {});
      if (DISPLAY_WINDOW_METHODS.has(method)) expect(answer).toMatchObject({ ok: true });
      else expect(answer).toEqual(forbidden);
    }
    expect(dispatch.mock.calls.map(([m]) => m).sort()).toEqual([
      'app.info',
      'app.reportCrash',
      'display.current',
      'display.setLanguage',
    ]);
  });

  it('takes exactly one input argument', async () => {
    const { ipcMain, dispatch, window } = setup();
    const clerk = window('app://counter/');
    await expect(
      ipcMain.invoke(channelFor('app.info'), { sender: clerk, senderFrame: clerk.mainFrame }, {}, 'extra'),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('events', () => {
  it('go to our windows only, and the display gets only display changes', () => {
    const { trusted, window } = setup();
    const clerk = window('app://counter/');
    const display = window('app://counter/display', 'display');
    const stranger = window('app://counter/', null);
    const closed = window('app://counter/');
    closed.destroyed = true;
    broadcastEvent(trusted, 'sale.updated', { id: 'x', status: 'completed' });
    broadcastEvent(trusted, 'display.changed', { kind: 'idle' });
    expect(clerk.sent).toEqual([
      { channel: EVENT_CHANNEL, args: ['sale.updated', { id: 'x', status: 'completed' }] },
      { channel: EVENT_CHANNEL, args: ['display.changed', { kind: 'idle' }] },
    ]);
    expect(display.sent).toEqual([{ channel: EVENT_CHANNEL, args: ['display.changed', { kind: 'idle' }] }]);
    expect(stranger.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });
});
