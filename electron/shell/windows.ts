/**
 * The two windows: the clerk's, and the customer display, which goes fullscreen on the secondary
 * screen when there is one (a normal window on the main screen otherwise) and follows the screens
 * as they are plugged in and out. Both load our app:// origin with the hardened preferences.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Display, Rectangle, Screen } from 'electron';
import type { TrustedWindows, WindowRole } from './ipc.ts';
import { APP_ORIGIN, DISPLAY_URL, secureWebPreferences } from './security.ts';

export const CLERK_URL = `${APP_ORIGIN}/`;

export function clerkWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1366,
    height: 860,
    minWidth: 1024,
    minHeight: 700,
    title: 'eSIM Counter',
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  };
}

export type DisplayPlacement = {
  /** The screen it goes on. */
  readonly displayId: number;
  readonly bounds: Rectangle;
  /** Fullscreen on a screen of its own; a normal window when it shares the clerk's screen. */
  readonly fullscreen: boolean;
};

/** The customer's screen: another screen than the main one, an external one first. */
export function pickSecondaryDisplay(displays: readonly Display[], primary: Display): Display | null {
  const others = displays.filter((d) => d.id !== primary.id);
  return others.find((d) => !d.internal) ?? others[0] ?? null;
}

const WINDOWED = { width: 1024, height: 768 };

export function customerDisplayPlacement(screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>): DisplayPlacement {
  const primary = screen.getPrimaryDisplay();
  const secondary = pickSecondaryDisplay(screen.getAllDisplays(), primary);
  if (secondary) return { displayId: secondary.id, bounds: { ...secondary.bounds }, fullscreen: true };
  const area = primary.workArea;
  const width = Math.min(WINDOWED.width, area.width);
  const height = Math.min(WINDOWED.height, area.height);
  return {
    displayId: primary.id,
    bounds: {
      x: area.x + Math.round((area.width - width) / 2),
      y: area.y + Math.round((area.height - height) / 2),
      width,
      height,
    },
    fullscreen: false,
  };
}

export function displayWindowOptions(preload: string, placement: DisplayPlacement): BrowserWindowConstructorOptions {
  return {
    ...placement.bounds,
    title: 'eSIM Counter — customer display',
    show: false,
    fullscreen: placement.fullscreen,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  };
}

/** Moves a window to a placement; out of fullscreen first, so the bounds apply to the new screen. */
export function applyPlacement(window: BrowserWindow, placement: DisplayPlacement): void {
  if (window.isFullScreen()) window.setFullScreen(false);
  window.setBounds(placement.bounds);
  if (placement.fullscreen) window.setFullScreen(true);
}

export type WindowDeps = {
  readonly BrowserWindow: typeof BrowserWindow;
  readonly screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay' | 'on' | 'off'>;
  readonly preload: string;
  readonly trusted: TrustedWindows;
  readonly log?: (message: string) => void;
};

export class CounterWindows {
  readonly #deps: WindowDeps;
  #clerk: BrowserWindow | null = null;
  #display: BrowserWindow | null = null;

  constructor(deps: WindowDeps) {
    this.#deps = deps;
  }

  get clerk(): BrowserWindow | null {
    return this.#clerk;
  }

  get display(): BrowserWindow | null {
    return this.#display;
  }

  #create(options: BrowserWindowConstructorOptions, role: WindowRole, url: string): BrowserWindow {
    const window = new this.#deps.BrowserWindow(options);
    this.#deps.trusted.add(window.webContents, role);
    let lastCrash = 0;
    window.webContents.on('render-process-gone', (_event, details) => {
      this.#deps.log?.(`${role} window renderer gone: ${details.reason}`);
      // Reload once after a crash; a renderer that keeps crashing is left for the user to close.
      if (details.reason !== 'clean-exit' && Date.now() - lastCrash > 10_000 && !window.isDestroyed()) {
        lastCrash = Date.now();
        void window.loadURL(url);
      }
    });
    void window.loadURL(url);
    return window;
  }

  /** Both windows load their page again (the backend behind them started again). */
  reloadAll(): void {
    for (const window of [this.#clerk, this.#display]) if (window && !window.isDestroyed()) window.reload();
  }

  openClerk(): BrowserWindow {
    if (this.#clerk && !this.#clerk.isDestroyed()) {
      this.focusClerk();
      return this.#clerk;
    }
    const window = this.#create(clerkWindowOptions(this.#deps.preload), 'clerk', CLERK_URL);
    window.once('ready-to-show', () => window.show());
    // The display has no purpose without the counter: it closes with the clerk's window.
    window.on('closed', () => {
      this.#clerk = null;
      this.closeCustomerDisplay();
    });
    this.#clerk = window;
    return window;
  }

  focusClerk(): void {
    const window = this.#clerk;
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  /** Opens the customer display, or brings it back to its place; never steals the clerk's focus. */
  openCustomerDisplay(): BrowserWindow {
    const placement = customerDisplayPlacement(this.#deps.screen);
    if (this.#display && !this.#display.isDestroyed()) {
      applyPlacement(this.#display, placement);
      this.#display.showInactive();
      return this.#display;
    }
    const window = this.#create(displayWindowOptions(this.#deps.preload, placement), 'display', DISPLAY_URL);
    window.once('ready-to-show', () => window.showInactive());
    window.on('closed', () => {
      if (this.#display === window) this.#display = null;
    });
    this.#display = window;
    return window;
  }

  closeCustomerDisplay(): void {
    const window = this.#display;
    this.#display = null;
    if (window && !window.isDestroyed()) window.close();
  }

  /** Re-places the customer display after a change of screens; opens it when a second screen arrives. */
  screensChanged(kind: 'added' | 'removed' | 'changed'): void {
    const placement = customerDisplayPlacement(this.#deps.screen);
    const window = this.#display && !this.#display.isDestroyed() ? this.#display : null;
    if (!window) {
      if (kind === 'added' && placement.fullscreen && this.#clerk) this.openCustomerDisplay();
      return;
    }
    this.#deps.log?.(
      `screens ${kind}: customer display to screen ${placement.displayId}${placement.fullscreen ? ' (fullscreen)' : ''}`,
    );
    applyPlacement(window, placement);
  }

  /** Follows display-added, display-removed and display-metrics-changed; returns the unsubscribe. */
  watchScreens(): () => void {
    const added = () => this.screensChanged('added');
    const removed = () => this.screensChanged('removed');
    const changed = () => this.screensChanged('changed');
    const screen = this.#deps.screen;
    screen.on('display-added', added);
    screen.on('display-removed', removed);
    screen.on('display-metrics-changed', changed);
    return () => {
      screen.off('display-added', added);
      screen.off('display-removed', removed);
      screen.off('display-metrics-changed', changed);
    };
  }

  /** A second screen at start means a customer display: open it. */
  hasSecondScreen(): boolean {
    return customerDisplayPlacement(this.#deps.screen).fullscreen;
  }
}
