/**
 * Electron entry: thin wiring. Everything it does is in electron/shell/start.ts (one instance,
 * hardened windows on app://, the backend of electron/backend/app.ts behind a guarded IPC handler per
 * contract method, the customer display, the menu, the start-up failure dialog), which receives
 * these Electron modules so that it can be tested with a fake.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { createBackend } from './backend/app.ts';
import { runShell } from './shell/start.ts';
import { createFileLog, logUncaught } from './backend/common/log.ts';

// This file is bundled to dist/electron/main.js, beside preload.cjs; the renderer is in dist/renderer.
const here = path.dirname(fileURLToPath(import.meta.url));
// One log file for the main process and the backend, in the data folder once its journal opens.
const fileLog = createFileLog();
logUncaught(fileLog);

runShell(
  { app, BrowserWindow, clipboard, crashReporter, dialog, ipcMain, Menu, net, protocol, safeStorage, screen, session, shell },
  {
    createBackend,
    createUpdater: () => electronUpdater.autoUpdater,
    preload: path.join(here, 'preload.cjs'),
    rendererDir: path.join(here, '..', 'renderer'),
    userDataDir: process.env.ESIM_COUNTER_USER_DATA_DIR || undefined,
    fileLog,
    uncaught: process,
  },
);
