import { describe, expect, it } from 'vitest';
import { mayUseCamera, ScanningWindows, type MediaAsk } from '../../../../electron/shell/camera-permission.ts';
import { isAppUrl } from '../../../../electron/shell/security.ts';

const scanningWindow = 7;

function ask(patch: Partial<MediaAsk> = {}): MediaAsk {
  return {
    permission: 'media',
    contentsId: scanningWindow,
    requestingUrl: 'app://counter/',
    isMainFrame: true,
    mediaTypes: ['video'],
    ...patch,
  };
}

function scanning(...ids: number[]): ScanningWindows {
  const windows = new ScanningWindows();
  for (const id of ids) windows.set(id, true);
  return windows;
}

describe('the camera permission', () => {
  it('is granted for video to our own page’s main frame while that window scans', () => {
    expect(mayUseCamera(ask(), scanning(scanningWindow), isAppUrl)).toBe(true);
    expect(mayUseCamera(ask({ mediaTypes: undefined, mediaType: 'video' }), scanning(scanningWindow), isAppUrl)).toBe(true);
  });

  it('is refused before the page says it scans, and again once it says it stopped', () => {
    const windows = scanning();
    expect(mayUseCamera(ask(), windows, isAppUrl)).toBe(false);
    windows.set(scanningWindow, true);
    expect(mayUseCamera(ask(), windows, isAppUrl)).toBe(true);
    windows.set(scanningWindow, false);
    expect(mayUseCamera(ask(), windows, isAppUrl)).toBe(false);
  });

  it('is refused to another window than the one scanning, or when Electron names none', () => {
    expect(mayUseCamera(ask({ contentsId: 8 }), scanning(scanningWindow), isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ contentsId: null }), scanning(scanningWindow), isAppUrl)).toBe(false);
  });

  it('never covers the microphone, an unknown medium or an empty request', () => {
    const windows = scanning(scanningWindow);
    expect(mayUseCamera(ask({ mediaTypes: ['audio'] }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ mediaTypes: ['video', 'audio'] }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ mediaTypes: [] }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ mediaTypes: undefined, mediaType: 'audio' }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ mediaTypes: undefined, mediaType: 'unknown' }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ mediaTypes: undefined }), windows, isAppUrl)).toBe(false);
  });

  it('is refused to another origin, a subframe, or another permission', () => {
    const windows = scanning(scanningWindow);
    expect(mayUseCamera(ask({ requestingUrl: 'https://evil.example/' }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ requestingUrl: 'app://counter.evil/' }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ requestingUrl: undefined }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ isMainFrame: false }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ permission: 'display-capture' }), windows, isAppUrl)).toBe(false);
    expect(mayUseCamera(ask({ permission: 'geolocation' }), windows, isAppUrl)).toBe(false);
  });
});
