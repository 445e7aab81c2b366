/**
 * Electron entry: one instance, hardened windows on app://, the backend of electron/app.ts reached
 * through one IPC channel whose sender is checked on every call.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, safeStorage, session } from 'electron';
import { createBackend, type Backend } from './app.ts';
import { SafeStorageSecretStore } from './shell/secrets.ts';
import { registerAppProtocol } from './shell/protocol.ts';
import { APP_ORIGIN, APP_SCHEME, isTrustedSender, lockDownContents, lockDownSession, secureWebPreferences } from './shell/security.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '..', 'renderer');
const trustedContents = new Set<number>();

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start);
}

let backend: Backend | null = null;

async function start(): Promise<void> {
  lockDownSession(session.defaultSession);
  registerAppProtocol(protocol, net, rendererDir);
  try {
    backend = await createBackend({
      dataDir: app.getPath('userData'),
      transport: 'electron',
      version: app.getVersion(),
      secrets: new SafeStorageSecretStore(safeStorage, path.join(app.getPath('userData'), 'secrets.json')),
    });
  } catch (error) {
    dialog.showErrorBox('eSIM Counter cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  const dispatch = backend.dispatch;
  ipcMain.handle('counter:rpc', (event, method: unknown, input: unknown) => {
    if (!isTrustedSender(event.senderFrame, trustedContents, event.sender)) {
      return { ok: false, error: { code: 'forbidden', message: 'Calls are accepted only from the app’s own windows.' } };
    }
    return dispatch(typeof method === 'string' ? method : '', input);
  });
  backend.events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (trustedContents.has(window.webContents.id)) window.webContents.send('counter:event', name, payload);
    }
  });
  createClerkWindow();
}

function createClerkWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1366,
    height: 860,
    minWidth: 1024,
    minHeight: 700,
    title: 'eSIM Counter',
    show: false,
    webPreferences: secureWebPreferences(path.join(here, 'preload.cjs')),
  });
  trustedContents.add(window.webContents.id);
  window.on('closed', () => trustedContents.delete(window.webContents.id));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}

app.on('before-quit', () => {
  void backend?.close();
});
