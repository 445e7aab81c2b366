import { describe, expect, it } from 'vitest';
import type { Display, WebContents } from '../../../../electron/shell/electron-types.ts';
import { TrustedWindows } from '../../../../electron/shell/ipc.ts';
import {
  clerkWindowOptions,
  CounterWindows,
  customerDisplayPlacement,
  displayWindowOptions,
  pickSecondaryDisplay,
  type WindowDeps,
} from '../../../../electron/shell/windows.ts';
import { createFakeElectron, fakeDisplay, type FakeDisplay } from '../../../support/fake-electron.ts';

const secure = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
};

function screenOf(displays: FakeDisplay[]) {
  return { getAllDisplays: () => displays as unknown as Display[], getPrimaryDisplay: () => displays[0] as unknown as Display };
}

describe('window options', () => {
  it('hold the security preferences for both windows', () => {
    expect(clerkWindowOptions('/p.cjs').webPreferences).toMatchObject({ preload: '/p.cjs', ...secure });
    const placement = customerDisplayPlacement(screenOf([fakeDisplay(1, 0)]));
    expect(displayWindowOptions('/p.cjs', placement).webPreferences).toMatchObject({ preload: '/p.cjs', ...secure });
  });
});

describe('customer display placement', () => {
  it('goes fullscreen on the secondary screen, an external one first', () => {
    const primary = fakeDisplay(1, 0, 1920, 1080, true);
    const internal = fakeDisplay(2, 1920, 1280, 800, true);
    const external = fakeDisplay(3, 3200, 1024, 768, false);
    expect(pickSecondaryDisplay([primary, internal, external] as unknown as Display[], primary as unknown as Display)?.id).toBe(
      3,
    );
    expect(customerDisplayPlacement(screenOf([primary, internal]))).toEqual({
      displayId: 2,
      bounds: internal.bounds,
      fullscreen: true,
    });
  });

  it('is a normal window centred on the only screen otherwise', () => {
    const placement = customerDisplayPlacement(screenOf([fakeDisplay(1, 0, 1920, 1080)]));
    expect(placement).toEqual({ displayId: 1, bounds: { x: 448, y: 136, width: 1024, height: 768 }, fullscreen: false });
    expect(customerDisplayPlacement(screenOf([fakeDisplay(1, 0, 800, 640)])).bounds).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
    });
  });
});

describe('CounterWindows', () => {
  function setup(displays: FakeDisplay[]) {
    const fake = createFakeElectron({ displays });
    const trusted = new TrustedWindows();
    const windows = new CounterWindows({
      BrowserWindow: fake.electron.BrowserWindow,
      screen: fake.screen as unknown as WindowDeps['screen'],
      preload: '/dist/electron/preload.cjs',
      trusted,
    });
    return { fake, trusted, windows };
  }

  it('opens the clerk window on app://counter/ and marks it trusted as the clerk', () => {
    const { fake, trusted, windows } = setup([fakeDisplay(1, 0)]);
    windows.openClerk();
    const [clerk] = fake.windows;
    expect(clerk!.loaded).toEqual(['app://counter/']);
    expect(trusted.roleOf(clerk!.webContents.id)).toBe('clerk');
    expect(windows.openClerk()).toBe(clerk); // a second call brings the same window forward
    expect(fake.windows).toHaveLength(1);
  });

  it('opens the display fullscreen on the second screen, moves it when screens change, and never loads file://', () => {
    const { fake, trusted, windows } = setup([fakeDisplay(1, 0), fakeDisplay(2, 1920, 1280, 1024)]);
    windows.openClerk();
    const stop = windows.watchScreens();
    const display = windows.openCustomerDisplay() as unknown as (typeof fake.windows)[number];
    expect(display.loaded).toEqual(['app://counter/display']);
    expect(display.options).toMatchObject({ x: 1920, y: 0, width: 1280, height: 1024, fullscreen: true, show: false });
    expect(trusted.roleOf(display.webContents.id)).toBe('display');

    fake.screen.unplug(2);
    expect(display.fullscreen).toBe(false);
    expect(display.bounds).toEqual({ x: 448, y: 136, width: 1024, height: 768 });

    fake.screen.plug(fakeDisplay(5, -1280, 1280, 800));
    expect(display.fullscreen).toBe(true);
    expect(display.bounds).toEqual({ x: -1280, y: 0, width: 1280, height: 800 });
    expect(fake.windows).toHaveLength(2); // moved, not reopened

    stop();
    expect(fake.screen.listenerCount('display-added')).toBe(0);
    expect(fake.windows.flatMap((w) => w.loaded).every((url) => url.startsWith('app://counter/'))).toBe(true);
  });

  it('opens the display by itself when a second screen is plugged in, and closes it with the clerk window', () => {
    const { fake, windows } = setup([fakeDisplay(1, 0)]);
    const clerk = windows.openClerk();
    windows.watchScreens();
    fake.screen.plug(fakeDisplay(2, 1920));
    expect(windows.display).not.toBeNull();
    const display = fake.windows[1]!;
    expect(display.fullscreen).toBe(true);
    display.emit('ready-to-show');
    expect(display.visible).toBe(true);
    expect(display.focused).toBe(false); // shown inactive: the clerk keeps the keyboard
    clerk.close();
    expect(display.destroyed).toBe(true);
    expect(windows.display).toBeNull();
  });

  it('reloads a window whose renderer crashed, once', () => {
    const { fake, windows } = setup([fakeDisplay(1, 0)]);
    windows.openClerk();
    const clerk = fake.windows[0]!;
    (clerk.webContents as unknown as WebContents).emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    (clerk.webContents as unknown as WebContents).emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(clerk.loaded).toEqual(['app://counter/', 'app://counter/']);
  });
});
