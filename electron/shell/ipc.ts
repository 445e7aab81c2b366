/**
 * The main-process side of the bridge: one `ipcMain.handle('counter:<method>')` per contract
 * method, every one through the same guard (sender is the main frame of one of our windows, on our
 * app:// origin, and that window may call this method), then the backend's dispatcher. Events go
 * back on one channel, to our own windows only.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { displayEvents, displayMethods, methodNames, type EventName, type MethodName } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import { channelFor, EVENT_CHANNEL } from './channels.ts';
import { isTrustedSender } from './security.ts';

export type WindowRole = 'clerk' | 'display';

/**
 * The customer faces the display window, so it gets least privilege: it reads what to show and
 * nothing else, even though the backend's staff session is shared by the whole counter.
 */
export const DISPLAY_WINDOW_METHODS: ReadonlySet<MethodName> = new Set(displayMethods);
export const DISPLAY_WINDOW_EVENTS: ReadonlySet<EventName> = new Set(displayEvents);

export function mayCall(role: WindowRole, method: MethodName): boolean {
  return role === 'clerk' || DISPLAY_WINDOW_METHODS.has(method);
}

export function mayReceive(role: WindowRole, event: string): boolean {
  return role === 'clerk' || DISPLAY_WINDOW_EVENTS.has(event as EventName);
}

/** Our own windows' web contents, by id, with what each one is for. */
export class TrustedWindows {
  readonly #entries = new Map<number, { contents: WebContents; role: WindowRole }>();

  add(contents: WebContents, role: WindowRole): void {
    const id = contents.id;
    this.#entries.set(id, { contents, role });
    contents.once('destroyed', () => this.#entries.delete(id));
  }

  delete(id: number): void {
    this.#entries.delete(id);
  }

  has(id: number): boolean {
    return this.#entries.has(id);
  }

  roleOf(id: number): WindowRole | null {
    return this.#entries.get(id)?.role ?? null;
  }

  *entries(): IterableIterator<{ contents: WebContents; role: WindowRole }> {
    yield* this.#entries.values();
  }
}

/** The backend's dispatcher, told which window called (the shell prints that window). */
export type Dispatch = (method: string, input: unknown, sender: WebContents) => Promise<Result<unknown>>;

const refusedSender: Result<never> = {
  ok: false,
  error: { code: 'forbidden', reason: 'foreign_site', message: 'Calls are accepted only from the app’s own windows.' },
};
const refusedMethod: Result<never> = {
  ok: false,
  error: { code: 'forbidden', reason: 'display_cannot', message: 'The customer display cannot do this.' },
};

/**
 * The one wrapper every handler goes through. Exported for the tests; `registerIpcHandlers` is
 * what the shell uses.
 */
export function guardedCall(
  method: MethodName,
  dispatch: Dispatch,
  trusted: TrustedWindows,
  log: (message: string) => void = () => undefined,
): (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<Result<unknown>> {
  return async (event, ...args) => {
    if (!isTrustedSender(event.senderFrame, trusted, event.sender)) {
      log(`refused ${method} from ${safeUrl(event)}`);
      return refusedSender;
    }
    const role = trusted.roleOf(event.sender.id);
    if (!role || !mayCall(role, method)) {
      log(`refused ${method} from the ${role ?? 'unknown'} window`);
      return refusedMethod;
    }
    // One argument, the method's input; the dispatcher parses it against the contract's schema.
    if (args.length > 1)
      return { ok: false, error: { code: 'bad_input', reason: 'not_json', message: 'One input object per call.' } };
    return dispatch(method, args[0], event.sender);
  };
}

function safeUrl(event: IpcMainInvokeEvent): string {
  try {
    return (event.senderFrame?.url ?? '(no frame)').slice(0, 200);
  } catch {
    return '(frame gone)';
  }
}

/** Registers `counter:<method>` for every contract method; returns a function that removes them. */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  trusted: TrustedWindows,
  log?: (message: string) => void,
): () => void {
  for (const method of methodNames) ipcMain.handle(channelFor(method), guardedCall(method, dispatch, trusted, log));
  return () => {
    for (const method of methodNames) ipcMain.removeHandler(channelFor(method));
  };
}

/** Sends a backend event to each of our windows that may receive it. */
export function broadcastEvent(trusted: TrustedWindows, name: string, payload: unknown): void {
  for (const { contents, role } of trusted.entries()) {
    if (contents.isDestroyed() || !mayReceive(role, name)) continue;
    contents.send(EVENT_CHANNEL, name, payload);
  }
}
