/**
 * The Electron security checklist in one place: window preferences, navigation and window.open
 * denied, permissions denied, and a check that IPC comes from our own main frame.
 */
import type { BrowserWindowConstructorOptions, Session, WebContents, WebFrameMain } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'counter';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // The renderer never talks to a network: every call goes through the preload bridge.
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export function secureWebPreferences(preload: string): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/** True only for our own app origin, compared on the parsed URL, never by prefix. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** IPC is answered only for the top frame of one of our windows showing our own page. */
export function isTrustedSender(frame: WebFrameMain | null, trustedContents: ReadonlySet<number>, sender: WebContents): boolean {
  if (!frame || !trustedContents.has(sender.id)) return false;
  if (frame !== sender.mainFrame) return false;
  return isAppUrl(frame.url);
}

export function lockDownContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function lockDownSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
