import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { MAX_RESTARTS } from '../../../../electron/backend/restarts.ts';
import type { Backend, BackendOptions } from '../../../../electron/backend/app.ts';
import { JournalDamagedError } from '../../../../electron/backend/journal/open.ts';
import { EventBus } from '../../../../electron/backend/events.ts';
import { VaultSecretStore } from '../../../../electron/backend/secrets/vault/store.ts';
import { runShell } from '../../../../electron/shell/start.ts';
import { methodNames } from '../../../../shared/contract.ts';
import { createFakeElectron, fakeDisplay, fakeEvent, FakeWebContents, type FakeDisplay } from '../../../support/fake-electron.ts';
import { until } from '../../../support/until.ts';

function fakeBackend() {
  const events = new EventBus();
  const close = vi.fn(async () => undefined);
  const dispatch = vi.fn(async (method: string) => ({ ok: true as const, value: method }));
  const printerSettings = () => ({ printerName: null, paper: 'receipt80' as const, silent: false });
  return { backend: { dispatch, events, close, printerSettings } as unknown as Backend, dispatch, events, close };
}

async function started(options: { displays?: FakeDisplay[]; createBackend?: (o: BackendOptions) => Promise<Backend> } = {}) {
  const fake = createFakeElectron({ displays: options.displays ?? [fakeDisplay(1, 0)] });
  fake.safeStorage.backend = 'basic_text'; // as on a Linux machine without a keyring: Demo must still start
  const { backend, dispatch, events, close } = fakeBackend();
  const createBackend = vi.fn(options.createBackend ?? (async () => backend));
  // The process's uncaught exceptions are the test's to raise.
  const uncaught = new EventEmitter();
  const shell = runShell(fake.electron, {
    createBackend,
    preload: '/dist/electron/preload.cjs',
    rendererDir: '/dist/renderer',
    platform: 'linux',
    log: () => undefined,
    uncaught: uncaught as never,
  })!;
  await shell.ready;
  const crash = (message: string) => uncaught.emit('uncaughtException', new Error(message));
  return { fake, shell, createBackend, dispatch, events, close, crash };
}

describe('the shell at start', () => {
  it('takes the single-instance lock, registers app:// before ready, and quits as a second instance', async () => {
    const { fake } = await started();
    expect(fake.calls.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(fake.calls.indexOf('app.whenReady'));
    expect(fake.calls).toContain('app.requestSingleInstanceLock');
    expect(fake.protocol.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(fake.protocol.handlers.has('app')).toBe(true);

    const second = createFakeElectron({ singleInstance: false });
    const createBackend = vi.fn();
    expect(runShell(second.electron, { createBackend, preload: 'p', rendererDir: 'r' })).toBeNull();
    expect(second.app.quitCalls).toBe(1);
    expect(second.calls).not.toContain('app.whenReady');
    expect(createBackend).not.toHaveBeenCalled();

    const own = createFakeElectron();
    const failing = async (): Promise<Backend> => {
      throw new Error('not this time');
    };
    await runShell(own.electron, {
      createBackend: failing,
      preload: 'p',
      rendererDir: 'r',
      userDataDir: '/tmp/run-1',
      log: () => undefined,
    })!.ready;
    expect(own.calls.indexOf('app.setPath(userData)')).toBeLessThan(own.calls.indexOf('app.requestSingleInstanceLock'));
    expect(own.app.getPath('userData')).toBe('/tmp/run-1');
    // Crash dumps are kept in the data folder, for the support file, and never uploaded.
    expect(own.app.getPath('crashDumps')).toBe('/tmp/run-1/crashes');
    expect(own.calls.indexOf('app.setPath(crashDumps)')).toBeLessThan(own.calls.indexOf('crashReporter.start'));
    expect(own.crashReporter.started).toEqual([{ uploadToServer: false }]);
  });

  it('starts the backend in the user data folder with the vault (basic_text only), and answers every contract method over IPC', async () => {
    const { fake, createBackend, dispatch } = await started();
    expect(createBackend).toHaveBeenCalledOnce();
    const options = createBackend.mock.calls[0]![0];
    expect(options).toMatchObject({ dataDir: '/fake/userData', transport: 'electron', version: '9.9.9' });
    // basic_text's fixed password protects nothing, so the managers' PINs seal the secrets instead.
    expect(options.secrets).toBeInstanceOf(VaultSecretStore);
    // The shell opens nothing in the system's browser by itself; the backend may, for a package's sheet.
    expect(fake.shell.external).toEqual([]);
    await options.openExternal!('https://partner.example/terms');
    expect(fake.shell.external).toEqual(['https://partner.example/terms']);

    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(methodNames.map((m) => `counter:${m}`).sort());
    const clerk = fake.windows[0]!;
    for (const method of methodNames.filter((m) => m !== 'print.page')) {
      await expect(
        fake.ipcMain.invoke(`counter:${method}`, { sender: clerk.webContents, senderFrame: clerk.webContents.mainFrame }, {}),
      ).resolves.toEqual({
        ok: true,
        value: method,
      });
    }
    // print.page is checked by the backend, then answered by the shell: it prints the calling window.
    await expect(
      fake.ipcMain.invoke('counter:print.page', { sender: clerk.webContents, senderFrame: clerk.webContents.mainFrame }, {}),
    ).resolves.toMatchObject({ ok: true, value: { handled: true, printed: true } });
    expect(clerk.webContents.printCalls).toHaveLength(1);
    const foreign = new FakeWebContents();
    foreign.mainFrame.url = 'https://evil.example/';
    await expect(
      fake.ipcMain.invoke('counter:sales.create', { sender: foreign, senderFrame: foreign.mainFrame }, {}),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(dispatch).toHaveBeenCalledTimes(methodNames.length);
  });

  it('opens the hardened clerk window on app://counter/, locks down the session and sets the menu', async () => {
    const { fake } = await started();
    expect(fake.windows).toHaveLength(1);
    const clerk = fake.windows[0]!;
    expect(clerk.loaded).toEqual(['app://counter/']);
    expect(clerk.options.webPreferences).toMatchObject({
      preload: '/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    // Every web contents got the lock-down as it was created.
    expect(clerk.webContents.windowOpenHandler!({ url: 'https://evil.example/', frameName: '' })).toEqual({ action: 'deny' });
    const navigation = fakeEvent();
    clerk.webContents.emit('will-navigate', navigation, 'https://evil.example/');
    expect(navigation.defaultPrevented).toBe(true);
    expect(await fake.defaultSession.request('media', 'app://counter/')).toBe(false);
    expect(fake.Menu.applied).not.toBeNull();
    clerk.emit('ready-to-show');
    expect(clerk.visible).toBe(true);
  });

  it('opens the customer display on the second screen at start, from the menu, and from the page’s window.open', async () => {
    const two = await started({ displays: [fakeDisplay(1, 0), fakeDisplay(2, 1920)] });
    expect(two.fake.windows.map((w) => w.loaded[0])).toEqual(['app://counter/', 'app://counter/display']);
    expect(two.fake.windows[1]!.fullscreen).toBe(true);

    const one = await started();
    expect(one.fake.windows).toHaveLength(1);
    const view = one.fake.Menu.applied!.template.find((item: { label?: string }) => item.label === 'View');
    view.submenu.find((item: { id?: string }) => item.id === 'customer-display').click();
    expect(one.fake.windows).toHaveLength(2);
    expect(one.fake.windows[1]!.fullscreen).toBe(false);
    one.fake.windows[1]!.close();
    // The clerk page's "Customer display" button (window.open('/display')) is denied, and opens ours.
    const clerk = one.fake.windows[0]!;
    expect(
      clerk.webContents.windowOpenHandler!({ url: 'app://counter/display', frameName: 'esim-counter-customer-display' }),
    ).toEqual({ action: 'deny' });
    expect(one.fake.windows).toHaveLength(3);
    // The display window cannot open another one.
    const display = one.fake.windows[2]!;
    display.webContents.windowOpenHandler!({ url: 'app://counter/display', frameName: '' });
    expect(one.fake.windows).toHaveLength(3);
  });

  it('sends backend events to its windows', async () => {
    const { fake, events } = await started();
    events.emit('sale.updated', { id: 's1', status: 'completed' });
    expect(fake.windows[0]!.webContents.sent).toEqual([
      { channel: 'counter:event', args: ['sale.updated', { id: 's1', status: 'completed' }] },
    ]);
  });

  it('closes the backend before quitting', async () => {
    const { fake, close } = await started();
    const event = fakeEvent();
    fake.app.emit('before-quit', event);
    expect(event.defaultPrevented).toBe(true);
    await until(() => fake.app.quitCalls >= 1);
    expect(fake.app.quitCalls).toBe(1);
    expect(close).toHaveBeenCalledOnce();
    const again = fakeEvent();
    fake.app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('starts the backend again after an uncaught exception: the old one closed, the windows reloaded, IPC on the new one', async () => {
    const first = fakeBackend();
    const second = fakeBackend();
    const createBackend = vi.fn().mockResolvedValueOnce(first.backend).mockResolvedValueOnce(second.backend);
    const { fake, shell, crash } = await started({ createBackend });
    const clerk = fake.windows[0]!;
    const loads = clerk.loaded.length;
    crash('a timer broke');
    await until(() => createBackend.mock.calls.length === 2 && shell.backend() === second.backend);
    expect(first.close).toHaveBeenCalledOnce();
    expect(clerk.loaded.length).toBe(loads + 1);
    const from = { sender: clerk.webContents, senderFrame: clerk.webContents.mainFrame };
    await fake.ipcMain.invoke('counter:session.current', from, {});
    expect(second.dispatch).toHaveBeenCalledWith('session.current', {}, undefined);
    expect(first.dispatch).not.toHaveBeenCalled();
    // The windows hear the new backend's events, no longer the old one's.
    first.events.emit('sale.updated', { id: 'old', status: 'completed' });
    second.events.emit('sale.updated', { id: 'new', status: 'completed' });
    expect(clerk.webContents.sent.map((sent) => (sent.args[1] as { id: string }).id)).toEqual(['new']);
    expect(fake.app.exits).toEqual([]);
  });

  it('stops with words, not a loop, when uncaught exceptions keep coming', async () => {
    const createBackend = vi.fn(async () => fakeBackend().backend);
    const { fake, shell, crash } = await started({ createBackend });
    for (let n = 1; n <= MAX_RESTARTS; n++) {
      crash(`again ${n}`);
      await until(() => createBackend.mock.calls.length === n + 1 && shell.backend() !== null);
    }
    crash('and again');
    await until(() => fake.app.exits.length === 1);
    expect(fake.app.exits).toEqual([1]);
    expect(fake.dialog.errorBoxes).toEqual([
      { title: 'eSIM Counter stopped', content: expect.stringContaining('Every sale is safe in the journal') },
    ]);
    expect(createBackend).toHaveBeenCalledTimes(MAX_RESTARTS + 1);
  });

  it('on a damaged journal shows the recovery choices, opens no window, registers no handler and never starts the backend again', async () => {
    const damaged = new JournalDamagedError('/fake/userData/journal.sqlite', ['page 2 broken']);
    const fake = createFakeElectron();
    fake.dialog.responses = [1, 0, 2];
    const createBackend = vi.fn(async () => {
      throw damaged;
    });
    await runShell(fake.electron, { createBackend, preload: 'p', rendererDir: 'r', platform: 'linux', log: () => undefined })!
      .ready;
    expect(createBackend).toHaveBeenCalledOnce();
    expect(fake.dialog.messageBoxes).toHaveLength(3);
    expect(fake.dialog.messageBoxes[0]!.buttons).toEqual(['Open the data folder', 'Copy the error details', 'Quit']);
    expect(fake.clipboard.text).toContain('journal_damaged');
    expect(fake.shell.shownInFolder).toEqual(['/fake/userData/journal.sqlite']);
    expect(fake.app.exits).toEqual([1]);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
  });
});
