/**
 * The Electron security checklist in one place: window preferences, navigation and window.open
 * denied, permissions denied except the short allowlist the app needs, the renderer's own network
 * requests cancelled, and a check that IPC comes from the main frame of one of our windows.
 */
import type { BrowserWindowConstructorOptions, Session, WebContents, WebFrameMain } from 'electron';
import { mayUseCamera } from './camera-permission.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'counter';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The customer display's route (the renderer shows CustomerDisplay there). */
export const DISPLAY_URL = `${APP_ORIGIN}/display`;

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
  "frame-src 'none'",
  "object-src 'none'",
].join('; ');

export function secureWebPreferences(preload: string): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
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
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** True only for our own app origin, compared on the parsed URL, never by prefix. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** The customer display route of our own origin (what the clerk window's window.open('/display') resolves to). */
export function isDisplayUrl(url: string): boolean {
  if (!isAppUrl(url)) return false;
  return /^\/display\/?$/.test(new URL(url).pathname);
}

/** Anything that can answer `has(webContentsId)`: the set of our own windows. */
export type TrustedIds = { has(id: number): boolean };

/** IPC is answered only for the top frame of one of our windows showing our own page. */
export function isTrustedSender(frame: WebFrameMain | null | undefined, trusted: TrustedIds, sender: WebContents): boolean {
  if (!frame || !trusted.has(sender.id)) return false;
  // The main frame of that very window: not a subframe, not a frame of another window.
  if (frame.parent !== null || frame.frameTreeNodeId !== sender.mainFrame.frameTreeNodeId) return false;
  return isAppUrl(frame.url);
}

export type LockDownOptions = {
  /** Called (after the request is denied) when one of our pages asks window.open for the customer display. */
  readonly onDisplayRequested?: (contents: WebContents) => void;
  readonly log?: (message: string) => void;
};

/** Every web contents: no navigation off app://, no new windows, no webviews. */
export function lockDownContents(contents: WebContents, options: LockDownOptions = {}): void {
  const log = options.log ?? (() => undefined);
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) {
      event.preventDefault();
      log(`blocked navigation to ${url.slice(0, 200)}`);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) {
      event.preventDefault();
      log(`blocked redirect to ${url.slice(0, 200)}`);
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('blocked a webview');
  });
  contents.setWindowOpenHandler((details) => {
    // The one popup the page may ask for is our own customer display, which the main process
    // opens itself, with its own preferences; the page never gets a window handle.
    if (isDisplayUrl(details.url) && options.onDisplayRequested) options.onDisplayRequested(contents);
    else log(`blocked window.open of ${details.url.slice(0, 200)}`);
    return { action: 'deny' };
  });
}

/**
 * Permissions the app needs: writing sanitized text to the clipboard (copy an ICCID or a
 * reference) and fullscreen for the customer display; the camera only while the counter's page
 * scans (camera-permission.ts). Everything else (microphone,
 * geolocation, notifications, HID, serial, USB, MIDI, openExternal...) is denied.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isMainFrame && typeof requestingUrl === 'string' && isAppUrl(requestingUrl);
}

/** The renderer makes no network requests of its own: http(s) and ws(s) from a page are cancelled. */
export function shouldBlockRequest(url: string): boolean {
  try {
    return ['http:', 'https:', 'ws:', 'wss:', 'ftp:'].includes(new URL(url).protocol);
  } catch {
    return true;
  }
}

export function lockDownSession(
  session: Session,
  log: (message: string) => void = () => undefined,
  scanning: { has(id: number): boolean } = { has: () => false },
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const url = 'requestingUrl' in details ? details.requestingUrl : undefined;
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    const allowed =
      isPermissionAllowed(permission, url, details.isMainFrame) ||
      mayUseCamera(
        {
          permission,
          contentsId: contents?.id ?? null,
          requestingUrl: url,
          isMainFrame: details.isMainFrame,
          mediaTypes: mediaTypes ?? [],
        },
        scanning,
        isAppUrl,
      );
    if (!allowed) log(`denied permission ${permission}`);
    callback(allowed);
  });
  session.setPermissionCheckHandler(
    (contents, permission, _origin, details) =>
      isPermissionAllowed(permission, details.requestingUrl, details.isMainFrame) ||
      mayUseCamera(
        {
          permission,
          contentsId: contents?.id ?? null,
          requestingUrl: details.requestingUrl,
          isMainFrame: details.isMainFrame,
          mediaType: details.mediaType ?? 'unknown',
        },
        scanning,
        isAppUrl,
      ),
  );
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest({ urls: ['*://*/*'] }, (details, callback) => {
    const cancel = shouldBlockRequest(details.url);
    if (cancel) log(`cancelled a renderer request to ${details.url.slice(0, 200)}`);
    callback({ cancel });
  });
}
