/**
 * Electron's own types, re-exported for the shell's tests and fakes: only main.ts, preload.ts and
 * shell/ may import 'electron' (lint rule), and this file carries types only.
 */
export type { Display, IpcMain, MenuItemConstructorOptions, Net, Protocol, SafeStorage, Session, WebContents } from 'electron';
