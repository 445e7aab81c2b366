/**
 * A fake of the parts of the `electron` module the shell uses (electron/shell/start.ts's
 * ShellElectron): plain objects with the same methods, recording what they were asked to do, so
 * the shell's wiring runs in plain Node under Vitest. `createFakeElectron().electron` is passed
 * where the real modules would be.
 */
import type { ShellElectron } from '../../electron/shell/start.ts';

type Listener = (...args: any[]) => unknown;

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      return listener(...args);
    };
    return this.on(event, wrapped);
  }
  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  removeListener(event: string, listener: Listener): this {
    return this.off(event, listener);
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return [...(this.listeners.get(event) ?? [])].map((l) => l(...args));
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

/** An Electron-style event whose default can be prevented. */
export function fakeEvent(): { preventDefault(): void; defaultPrevented: boolean } {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

let nextFrameId = 1;
export class FakeWebFrame {
  readonly frameTreeNodeId = nextFrameId++;
  url: string;
  parent: FakeWebFrame | null;
  constructor(url: string, parent: FakeWebFrame | null = null) {
    this.url = url;
    this.parent = parent;
  }
}

export type PrintCall = { options: Record<string, unknown> };

let nextContentsId = 100;
export class FakeWebContents extends FakeEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame = new FakeWebFrame('about:blank');
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly printCalls: PrintCall[] = [];
  /** What each successive print call answers: [success, failureReason]. */
  printResults: [boolean, string][] = [];
  printers: { name: string; displayName: string; description: string; options: Record<string, string> }[] = [];
  windowOpenHandler: ((details: { url: string; frameName: string }) => { action: string }) | null = null;
  destroyed = false;
  get url(): string {
    return this.mainFrame.url;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: (details: { url: string; frameName: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  print(options: Record<string, unknown>, callback?: (success: boolean, reason: string) => void): void {
    this.printCalls.push({ options });
    const [success, reason] = this.printResults.shift() ?? [true, ''];
    queueMicrotask(() => callback?.(success, reason));
  }
  async printToPDF(options: Record<string, unknown>): Promise<Buffer> {
    this.printCalls.push({ options });
    return Buffer.from('%PDF-fake');
  }
  async getPrintersAsync() {
    return this.printers;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export type FakeDisplay = {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
  internal: boolean;
  label: string;
};

export function fakeDisplay(id: number, x: number, width = 1920, height = 1080, internal = false): FakeDisplay {
  return {
    id,
    bounds: { x, y: 0, width, height },
    workArea: { x, y: 0, width, height: height - 40 },
    internal,
    label: `Screen ${id}`,
  };
}

export class FakeScreen extends FakeEmitter {
  displays: FakeDisplay[];
  constructor(displays: FakeDisplay[]) {
    super();
    this.displays = displays;
  }
  getAllDisplays(): FakeDisplay[] {
    return this.displays;
  }
  getPrimaryDisplay(): FakeDisplay {
    return this.displays[0]!;
  }
  plug(display: FakeDisplay): void {
    this.displays = [...this.displays, display];
    this.emit('display-added', fakeEvent(), display);
  }
  unplug(id: number): void {
    const gone = this.displays.find((d) => d.id === id)!;
    this.displays = this.displays.filter((d) => d.id !== id);
    this.emit('display-removed', fakeEvent(), gone);
  }
}

export type IpcSender = { sender: FakeWebContents; senderFrame: FakeWebFrame | null };

export class FakeIpcMain {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, handler: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What ipcRenderer.invoke(channel, ...args) from `from` would get. */
  async invoke(channel: string, from: IpcSender, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender: from.sender, senderFrame: from.senderFrame, frameId: 1, processId: 1 }, ...args);
  }
}

export class FakeSession {
  permissionRequestHandler: Listener | null = null;
  permissionCheckHandler: Listener | null = null;
  devicePermissionHandler: Listener | null = null;
  beforeRequest: { filter: { urls: string[] }; listener: Listener } | null = null;
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] }, listener: Listener) => {
      this.beforeRequest = { filter, listener };
    },
  };
  setPermissionRequestHandler(handler: Listener | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener | null): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: Listener | null): void {
    this.devicePermissionHandler = handler;
  }
  /** Asks the request handler as Chromium would; resolves with the answer. */
  request(permission: string, requestingUrl: string, isMainFrame = true): Promise<boolean> {
    return new Promise((resolve) => this.permissionRequestHandler?.(null, permission, resolve, { requestingUrl, isMainFrame }));
  }
}

export class FakeSafeStorage {
  available = true;
  backend: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown' = 'gnome_libsecret';
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  getSelectedStorageBackend() {
    return this.backend;
  }
  encryptString(plain: string): Buffer {
    return Buffer.from(`sealed:${Buffer.from(plain).toString('hex')}`);
  }
  decryptString(sealed: Buffer): string {
    const text = sealed.toString();
    if (!text.startsWith('sealed:')) throw new Error('not sealed');
    return Buffer.from(text.slice('sealed:'.length), 'hex').toString();
  }
}

export function createFakeElectron(
  options: { displays?: FakeDisplay[]; singleInstance?: boolean; userData?: string; platform?: string } = {},
) {
  /** Everything the shell did, in order: 'protocol.registerSchemesAsPrivileged', 'app.whenReady', ... */
  const calls: string[] = [];
  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends FakeEmitter {
    readonly options: Record<string, any>;
    readonly webContents = new FakeWebContents();
    readonly loaded: string[] = [];
    bounds: { x: number; y: number; width: number; height: number };
    fullscreen: boolean;
    visible = false;
    focused = false;
    minimized = false;
    destroyed = false;
    constructor(windowOptions: Record<string, any> = {}) {
      super();
      this.options = windowOptions;
      this.bounds = {
        x: windowOptions.x ?? 0,
        y: windowOptions.y ?? 0,
        width: windowOptions.width ?? 800,
        height: windowOptions.height ?? 600,
      };
      this.fullscreen = windowOptions.fullscreen === true;
      windows.push(this);
      calls.push('new BrowserWindow');
      // As Electron does: every new web contents is announced to the app.
      app.emit('web-contents-created', fakeEvent(), this.webContents);
    }
    static getAllWindows(): FakeBrowserWindow[] {
      return windows.filter((w) => !w.destroyed);
    }
    async loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      this.webContents.mainFrame.url = url;
    }
    show(): void {
      this.visible = true;
      this.focused = true;
    }
    showInactive(): void {
      this.visible = true;
    }
    focus(): void {
      this.focused = true;
    }
    restore(): void {
      this.minimized = false;
    }
    isMinimized(): boolean {
      return this.minimized;
    }
    isFullScreen(): boolean {
      return this.fullscreen;
    }
    setFullScreen(flag: boolean): void {
      this.fullscreen = flag;
    }
    setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
      this.bounds = { ...bounds };
    }
    getBounds() {
      return this.bounds;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    reload(): void {
      this.loaded.push(this.loaded.at(-1) ?? '');
    }
    close(): void {
      if (this.destroyed) return;
      this.destroyed = true;
      this.emit('closed');
      this.webContents.destroy();
    }
  }

  const app = new (class FakeApp extends FakeEmitter {
    isPackaged = false;
    singleInstance = options.singleInstance ?? true;
    readonly exits: number[] = [];
    quitCalls = 0;
    requestSingleInstanceLock(): boolean {
      calls.push('app.requestSingleInstanceLock');
      return this.singleInstance;
    }
    quit(): void {
      this.quitCalls++;
      calls.push('app.quit');
    }
    exit(code = 0): void {
      this.exits.push(code);
      calls.push(`app.exit(${code})`);
    }
    readonly paths = new Map<string, string>([['userData', options.userData ?? '/fake/userData']]);
    getPath(name: string): string {
      return this.paths.get(name) ?? `/fake/${name}`;
    }
    setPath(name: string, value: string): void {
      calls.push(`app.setPath(${name})`);
      this.paths.set(name, value);
    }
    getVersion(): string {
      return '9.9.9';
    }
    getName(): string {
      return 'eSIM Counter';
    }
    whenReady(): Promise<void> {
      calls.push('app.whenReady');
      return Promise.resolve();
    }
  })();

  const protocol = {
    schemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      calls.push('protocol.registerSchemesAsPrivileged');
      this.schemes.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      calls.push(`protocol.handle(${scheme})`);
      this.handlers.set(scheme, handler);
    },
  };

  const dialog = {
    /** The button index each successive showMessageBox answers; 'quit' when the list runs out. */
    responses: [] as number[],
    messageBoxes: [] as Record<string, any>[],
    errorBoxes: [] as { title: string; content: string }[],
    async showMessageBox(opts: Record<string, any>) {
      this.messageBoxes.push(opts);
      const response = this.responses.shift() ?? opts.cancelId ?? 0;
      return { response, checkboxChecked: false };
    },
    showErrorBox(title: string, content: string) {
      this.errorBoxes.push({ title, content });
    },
  };

  const clipboard = {
    text: '',
    writeText(text: string) {
      this.text = text;
    },
  };

  const shell = {
    shownInFolder: [] as string[],
    opened: [] as string[],
    /** Addresses given to the system's browser: only a package's terms or sheet, when the backend asks. */
    external: [] as string[],
    showItemInFolder(file: string) {
      this.shownInFolder.push(file);
    },
    async openPath(file: string) {
      this.opened.push(file);
      return '';
    },
    async openExternal(url: string) {
      this.external.push(url);
    },
  };

  const Menu = {
    applied: null as { template: any[] } | null,
    buildFromTemplate(template: any[]) {
      return { template };
    },
    setApplicationMenu(menu: { template: any[] } | null) {
      calls.push('Menu.setApplicationMenu');
      Menu.applied = menu;
    },
  };

  const ipcMain = new FakeIpcMain();
  const screen = new FakeScreen(options.displays ?? [fakeDisplay(1, 0)]);
  const defaultSession = new FakeSession();
  const safeStorage = new FakeSafeStorage();
  const net = { fetch: async (url: string) => new Response(`fetched ${url}`, { headers: { 'Content-Type': 'text/html' } }) };

  const fake = {
    app,
    BrowserWindow: FakeBrowserWindow,
    clipboard,
    dialog,
    ipcMain,
    Menu,
    net,
    protocol,
    safeStorage,
    screen,
    session: { defaultSession },
    shell,
    crashReporter: {
      started: [] as Array<{ uploadToServer?: boolean }>,
      start(options: { uploadToServer?: boolean }): void {
        calls.push('crashReporter.start');
        this.started.push(options);
      },
    },
  };
  return {
    ...fake,
    calls,
    windows,
    defaultSession,
    /** The fake as the shell's parameter type. */
    electron: fake as unknown as ShellElectron,
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
export type FakeBrowserWindow = InstanceType<FakeElectron['BrowserWindow']>;
