import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from '../../../../electron/shell/electron-types.ts';
import {
  CONTENT_SECURITY_POLICY,
  isAppUrl,
  isDisplayUrl,
  isPermissionAllowed,
  lockDownContents,
  lockDownSession,
  secureWebPreferences,
  shouldBlockRequest,
} from '../../../../electron/shell/security.ts';
import { fakeEvent, FakeSession, FakeWebContents } from '../../../support/fake-electron.ts';

describe('web preferences', () => {
  it('isolate, sandbox and keep Node out of every renderer', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toEqual({
      preload: '/app/preload.cjs',
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
    });
  });
});

describe('Content-Security-Policy', () => {
  it('lets the page load only its own scripts and styles and connect nowhere', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives.get('connect-src')).toBe("'none'");
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe('origin checks', () => {
  it('accept only app://counter, parsed, not by prefix', () => {
    expect(isAppUrl('app://counter/')).toBe(true);
    expect(isAppUrl('app://counter/display')).toBe(true);
    for (const url of [
      'app://counter.evil.example/',
      'app://evil/counter',
      'https://counter/',
      'app://user:pw@counter/',
      'file:///app/counter',
      'javascript:alert(1)',
      'not a url',
      '',
    ])
      expect(isAppUrl(url), url).toBe(false);
    expect(isDisplayUrl('app://counter/display')).toBe(true);
    expect(isDisplayUrl('app://counter/display/')).toBe(true);
    expect(isDisplayUrl('app://counter/displayx')).toBe(false);
    expect(isDisplayUrl('https://evil.example/display')).toBe(false);
  });
});

describe('web contents lock-down', () => {
  function locked(onDisplayRequested = vi.fn()) {
    const contents = new FakeWebContents();
    const log = vi.fn();
    lockDownContents(contents as unknown as WebContents, { onDisplayRequested, log });
    return { contents, log, onDisplayRequested };
  }

  it('blocks navigation and redirects off our origin and lets in-app navigation through', () => {
    const { contents, log } = locked();
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://evil/']) {
      for (const name of ['will-navigate', 'will-redirect']) {
        const event = fakeEvent();
        contents.emit(name, event, url);
        expect(event.defaultPrevented, `${name} ${url}`).toBe(true);
      }
    }
    const inApp = fakeEvent();
    contents.emit('will-navigate', inApp, 'app://counter/display');
    expect(inApp.defaultPrevented).toBe(false);
    expect(log).toHaveBeenCalledWith('blocked navigation to https://evil.example/');
  });

  it('denies every new window; the display route asks the main process to open its own', () => {
    const { contents, onDisplayRequested } = locked();
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/', frameName: '' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'app://counter/', frameName: '' })).toEqual({ action: 'deny' });
    expect(onDisplayRequested).not.toHaveBeenCalled();
    expect(contents.windowOpenHandler!({ url: 'app://counter/display', frameName: 'esim-counter-customer-display' })).toEqual({
      action: 'deny',
    });
    expect(onDisplayRequested).toHaveBeenCalledWith(contents);
  });

  it('prevents every webview', () => {
    const { contents } = locked();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('session lock-down', () => {
  it('denies permission requests except clipboard write and fullscreen from our own main frame', async () => {
    const session = new FakeSession();
    lockDownSession(session as unknown as Session);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'hid',
      'serial',
      'usb',
      'midi',
      'openExternal',
      'clipboard-read',
      'display-capture',
    ])
      expect(await session.request(permission, 'app://counter/'), permission).toBe(false);
    expect(await session.request('clipboard-sanitized-write', 'app://counter/')).toBe(true);
    expect(await session.request('fullscreen', 'app://counter/display')).toBe(true);
    expect(await session.request('fullscreen', 'https://evil.example/')).toBe(false);
    expect(await session.request('clipboard-sanitized-write', 'app://counter/', false)).toBe(false);
    expect(
      session.permissionCheckHandler!(null, 'media', 'app://counter', { requestingUrl: 'app://counter/', isMainFrame: true }),
    ).toBe(false);
    expect(session.devicePermissionHandler!({})).toBe(false);
  });

  it('cancels the renderer’s own network requests', () => {
    const session = new FakeSession();
    lockDownSession(session as unknown as Session);
    const answer = vi.fn();
    session.beforeRequest!.listener({ url: 'https://api.partner.example/v2/orders' }, answer);
    expect(answer).toHaveBeenCalledWith({ cancel: true });
    expect(shouldBlockRequest('wss://x.example/')).toBe(true);
    expect(shouldBlockRequest('app://counter/assets/index.js')).toBe(false);
    expect(isPermissionAllowed('fullscreen', undefined, true)).toBe(false);
  });
});
