/**
 * The shell's wiring, with Electron passed in (main.ts hands over the real modules, the tests a
 * fake): one instance, the app:// scheme, a locked-down session and web contents, the backend of
 * electron/backend/app.ts behind one guarded IPC handler per contract method, the two windows, the menu,
 * and the start-up failure dialog.
 */
import path from 'node:path';
import type {
  App,
  BrowserWindow,
  Clipboard,
  CrashReporter,
  Dialog,
  IpcMain,
  Menu,
  Net,
  Protocol,
  SafeStorage,
  Screen,
  Session,
  Shell,
} from 'electron';
import type { Backend, BackendOptions } from '../backend/app.ts';
import { restartOnUncaught, startRestartingBackend, type RestartingBackend } from '../backend/restarts.ts';
import { CRASHES_DIR } from '../backend/data-folder.ts';
import { broadcastEvent, registerIpcHandlers, TrustedWindows } from './ipc.ts';
import { withPrinting } from './print.ts';
import { withCamera } from './camera.ts';
import { ScanningWindows } from './camera-permission.ts';
import { applicationMenuTemplate } from './menu.ts';
import { registerAppProtocol } from './protocol.ts';
import { shellSecretStore } from './secrets.ts';
import { APP_SCHEME, lockDownContents, lockDownSession } from './security.ts';
import { handleStartupFailure } from './startup-errors.ts';
import { CounterWindows } from './windows.ts';
import { startUpdates } from './updates.ts';
import type { StartOutcome, Updater } from './update-policy.ts';
import type { FileLog } from '../backend/common/log.ts';
import { DEFAULT_PRINTER_SETTINGS } from '../../shared/settings.ts';

/** The parts of the `electron` module the shell uses. */
export type ShellElectron = {
  readonly app: App;
  readonly BrowserWindow: typeof BrowserWindow;
  readonly clipboard: Clipboard;
  readonly dialog: Dialog;
  readonly ipcMain: IpcMain;
  readonly Menu: typeof Menu;
  readonly net: Net;
  readonly protocol: Protocol;
  readonly safeStorage: SafeStorage;
  readonly screen: Screen;
  readonly session: { readonly defaultSession: Session };
  readonly shell: Shell;
  readonly crashReporter: Pick<CrashReporter, 'start'>;
};

export type ShellOptions = {
  readonly createBackend: (options: BackendOptions) => Promise<Backend>;
  /** dist/electron/preload.cjs */
  readonly preload: string;
  /** dist/renderer */
  readonly rendererDir: string;
  readonly platform?: NodeJS.Platform;
  /** electron-updater's updater (main.ts); none in tests and unpackaged runs: no updates. */
  readonly createUpdater?: () => Updater;
  /** Another data folder than the per-user one (the Electron end-to-end tests give each run its own). */
  readonly userDataDir?: string;
  readonly log?: (message: string, error?: unknown) => void;
  /** The log file in the data folder (main.ts makes it and logs uncaught exceptions there); the shell's own troubles go there too. */
  readonly fileLog?: FileLog;
  /** Where uncaught exceptions are heard (main.ts: the process; a test: a fake): each starts the backend again. */
  readonly uncaught?: Pick<NodeJS.Process, 'on'>;
};

export type RunningShell = {
  /** Resolves when start-up finished (windows open) or failed (dialog closed, exit asked). */
  readonly ready: Promise<void>;
  readonly windows: CounterWindows;
  readonly trusted: TrustedWindows;
  backend(): Backend | null;
};

/** Must run before the app is ready: app:// is a standard, secure scheme that supports fetch. */
export function registerSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function runShell(electron: ShellElectron, options: ShellOptions): RunningShell | null {
  const { app } = electron;
  const platform = options.platform ?? process.platform;
  const say = options.log ?? ((message: string, error?: unknown) => console.error(`[shell] ${message}`, error ?? ''));
  const log = (message: string, error?: unknown) => {
    say(message, error);
    options.fileLog?.problem(`shell: ${message}`, error);
  };
  const trusted = new TrustedWindows();
  const windows = new CounterWindows({
    BrowserWindow: electron.BrowserWindow,
    screen: electron.screen,
    preload: options.preload,
    trusted,
    log,
  });

  registerSchemes(electron.protocol);
  // Before the lock: the single-instance lock belongs to the data folder.
  if (options.userDataDir) app.setPath('userData', options.userDataDir);
  if (!app.requestSingleInstanceLock()) {
    // Two instances would fight over the journal: the first one is brought forward instead.
    app.quit();
    return null;
  }
  // Crash dumps stay on this computer, in the data folder, where the support file picks them up.
  app.setPath('crashDumps', path.join(app.getPath('userData'), CRASHES_DIR));
  electron.crashReporter.start({ uploadToServer: false });

  let backend: RestartingBackend | null = null;
  let quitting = false;
  const scanning = new ScanningWindows();
  app.on('second-instance', () => windows.focusClerk());
  app.on('web-contents-created', (_event, contents) =>
    lockDownContents(contents, {
      log,
      // The clerk's page may ask for the customer display; the display itself may not.
      onDisplayRequested: (requester) => {
        if (trusted.roleOf(requester.id) === 'clerk') windows.openCustomerDisplay();
      },
    }),
  );
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (!backend || quitting) return;
    // Close the journal (checkpoint, stop the sandbox) before the process goes.
    event.preventDefault();
    quitting = true;
    const closing = backend;
    backend = null;
    void closing
      .close()
      .catch((error: unknown) => log('closing the backend failed', error))
      .finally(() => app.quit());
  });

  async function start(): Promise<void> {
    const defaultSession = electron.session.defaultSession;
    lockDownSession(defaultSession, log, scanning);
    registerAppProtocol(electron.protocol, electron.net, options.rendererDir);
    const dataDir = app.getPath('userData');
    const startupFailure = (error: unknown) =>
      handleStartupFailure(error, {
        app,
        dialog: electron.dialog,
        shell: electron.shell,
        clipboard: electron.clipboard,
        platform,
      });
    try {
      backend = await startRestartingBackend({
        create: () =>
          options.createBackend({
            dataDir,
            transport: 'electron',
            version: app.getVersion(),
            // Every secret goes through the OS keychain; with Linux's basic_text only, through the
            // vault (sealed under the managers' PINs). Without either, credentials cannot be stored
            // (Settings says why) and the Demo token simply lives in memory (partner/token.ts).
            secrets: shellSecretStore(electron.safeStorage, path.join(dataDir, 'secrets.json'), platform, log),
            // The backend writes its own lines to the file; the shell's are written by `log` above.
            log: say,
            ...(options.fileLog ? { fileLog: options.fileLog } : {}),
            // Only ever called with an https address the partner gave for a package (product-sheets.ts).
            openExternal: (url) => electron.shell.openExternal(url),
          }),
        log,
        ...(options.fileLog ? { fileLog: options.fileLog } : {}),
        // The windows start over on the new backend: the clerk signs in again, the display asks what to show.
        onRestarted: () => windows.reloadAll(),
        giveUp: (error, why) => {
          backend = null;
          if (why === 'cannot_start') return void startupFailure(error);
          electron.dialog.showErrorBox(
            'eSIM Counter stopped',
            'It met the same kind of error again and again, and stopped rather than sell in an unknown state. Every sale is safe in the journal. Start the app again; if this keeps happening, contact support: the details are in the log in the data folder.',
          );
          app.exit(1);
        },
      });
    } catch (error) {
      log('the backend could not start', error);
      await startupFailure(error);
      return;
    }
    if (options.uncaught) restartOnUncaught(backend, options.uncaught);
    const running = backend;
    if (options.createUpdater && app.isPackaged && (await installWaitingUpdate(running, dataDir)) === 'installing') return;
    const dispatch = withCamera(
      withPrinting(running.dispatch, {
        printerSettings: () => running.current()?.printerSettings() ?? DEFAULT_PRINTER_SETTINGS,
        pdfFolder: () => path.join(app.getPath('documents'), 'eSIM Counter'),
      }),
      scanning,
    );
    registerIpcHandlers(electron.ipcMain, dispatch, trusted, log);
    backend.events.subscribe((name, payload) => broadcastEvent(trusted, name, payload));

    electron.Menu.setApplicationMenu(
      electron.Menu.buildFromTemplate(
        applicationMenuTemplate(
          {
            openCustomerDisplay: () => windows.openCustomerDisplay(),
            closeCustomerDisplay: () => windows.closeCustomerDisplay(),
            showDataFolder: () => void electron.shell.openPath(dataDir),
          },
          { platform, isPackaged: app.isPackaged, appName: app.getName() },
        ),
      ),
    );
    windows.openClerk();
    if (windows.hasSecondScreen()) windows.openCustomerDisplay();
    windows.watchScreens();
  }

  /** An update downloaded and checked in an earlier run installs now, before the counter opens. */
  async function installWaitingUpdate(running: RestartingBackend, dataDir: string): Promise<StartOutcome> {
    try {
      const updates = await startUpdates({
        updater: options.createUpdater!(),
        version: app.getVersion(),
        resourcesDir: process.resourcesPath,
        dataDir,
        // While a backend is being replaced, nothing may install: as if a sale were open.
        backend: { updates: () => running.current()?.updates() ?? { feedUrl: null, saleOpen: true } },
        log,
      });
      app.on('before-quit', () => updates.stop());
      return updates.outcome;
    } catch (error) {
      // The counter opens all the same: an update is never worth a closed shop.
      log('the updater could not start', error);
      return 'not_installed';
    }
  }

  const ready = app.whenReady().then(start);
  return { ready, windows, trusted, backend: () => backend?.current() ?? null };
}
