/**
 * Getting the bytes to the printer: a raw TCP connection (port 9100, "JetDirect"), or a write to a
 * path the OS gives the printer — a USB printer's device node (/dev/usb/lp0), a serial port set to
 * the printer's speed (/dev/ttyUSB0, COM3), a Windows printer shared as \\localhost\Name. Every way
 * has a deadline, and a failure comes back as a PrintProblem, never as a hang.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import type { PrintProblem } from '../../../shared/printing.ts';
import type { EscposConnection } from '../../../shared/settings.ts';

export class PrintFailure extends Error {
  override name = 'PrintFailure';
  readonly problem: PrintProblem;
  readonly detail: string;
  constructor(problem: PrintProblem, detail: string, options?: { cause?: unknown }) {
    super(`Printing failed (${problem}): ${detail}`, options);
    this.problem = problem;
    this.detail = detail;
  }
}

export type SendOptions = {
  /** The whole job: connect, write, and the printer taking the last byte. */
  readonly timeoutMs?: number;
  /** How long to wait for the printer to close its side once it has everything. */
  readonly lingerMs?: number;
  /**
   * Ports this app's own servers listen on (browser mode, the Demo sandbox): on this machine they
   * are never a printer, and a job sent there would be a request to the app from inside it.
   */
  readonly ownPorts?: () => ReadonlySet<number>;
};

const PROBLEM_BY_CODE: Readonly<Record<string, PrintProblem>> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'failed',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENOTFOUND: 'unknown_host',
  EAI_AGAIN: 'unknown_host',
  ENOENT: 'no_device',
  ENXIO: 'no_device',
  ENODEV: 'no_device',
  EACCES: 'no_access',
  EPERM: 'no_access',
  EBUSY: 'failed',
};

export function failureOf(error: unknown): PrintFailure {
  if (error instanceof PrintFailure) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  return new PrintFailure(PROBLEM_BY_CODE[code] ?? 'failed', detail, { cause: error });
}

export function describeConnection(connection: EscposConnection): string {
  if (connection.kind === 'device') return connection.path;
  return connection.host.includes(':') ? `[${connection.host}]:${connection.port}` : `${connection.host}:${connection.port}`;
}

/** Whether `address` (as resolved) is this machine: 127/8, ::1, or either unspecified one. */
function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  return net.isIPv4(plain) ? plain.startsWith('127.') || plain === '0.0.0.0' : /^(::1?|0*:0*:0*:0*:0*:0*:0*:0*1?)$/.test(plain);
}

/** Whether a URL's or a setting's host names this machine: `localhost`, or a loopback address. */
export function isLoopbackHost(host: string): boolean {
  const plain = host.replace(/^\[(.*)\]$/, '$1');
  return plain.toLowerCase() === 'localhost' || (net.isIP(plain) !== 0 && isLoopback(plain));
}

/**
 * The address to connect to. On a port of one of the app's own servers the name is resolved once:
 * what is checked is what is connected to, so a name that resolves elsewhere on the second ask
 * cannot reach one of them. Any other port is connected to by name, as the system resolves it.
 */
async function resolvePrinter(host: string, port: number, ownPorts: ReadonlySet<number>): Promise<string> {
  if (!ownPorts.has(port)) return host;
  const { address } = await dns.promises.lookup(host);
  if (isLoopback(address)) {
    throw new PrintFailure('not_a_printer', `${host}:${port} is one of this app's own servers, not a printer.`);
  }
  return address;
}

function sendTcp(host: string, port: number, bytes: Uint8Array, timeoutMs: number, options: SendOptions): Promise<void> {
  const lingerMs = options.lingerMs ?? 1500;
  return new Promise((resolve, reject) => {
    let socket: net.Socket | null = null;
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      socket?.destroy();
      if (error) reject(failureOf(error));
      else resolve();
    };
    const deadline = setTimeout(
      () => finish(new PrintFailure('timeout', `No answer from ${host}:${port} within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    resolvePrinter(host, port, options.ownPorts?.() ?? new Set()).then((address) => {
      if (done) return;
      const connected = net.connect({ host: address, port });
      socket = connected;
      connected.on('error', finish);
      // A printer may answer status bytes; they are not waited for.
      connected.on('data', () => undefined);
      connected.on('connect', () => {
        connected.end(bytes, () => {
          // Everything is with the printer's TCP stack. Most printers close once they have read it
          // all; one that keeps the connection open still got the job.
          const linger = setTimeout(() => finish(), lingerMs);
          connected.once('close', () => {
            clearTimeout(linger);
            finish();
          });
        });
      });
    }, finish);
  });
}

/**
 * Refuses anything at `path` but a printer device before a byte is written: on POSIX it must be a
 * character device (a USB printer, a serial port), so a file, a folder, or a link to either is left
 * untouched. Windows names its COM ports and shared printers without a kind a stat can tell, so
 * there only files and folders are refused. (The path's form is checked by the settings' schema.)
 */
function assertDevice(path: string, stats: fs.Stats): void {
  const device = process.platform === 'win32' ? !stats.isFile() && !stats.isDirectory() : stats.isCharacterDevice();
  if (!device) throw new PrintFailure('not_a_printer', `${path} is not a printer device (a file, a folder or another kind).`);
}

/** A stat of the printer's path or open handle; null where Windows has none to give (\\.\COM3, some shares). */
async function statOf(stat: () => Promise<fs.Stats>): Promise<fs.Stats | null> {
  try {
    return await stat();
  } catch (error) {
    if (process.platform === 'win32' && (error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
    throw error;
  }
}

async function sendDevice(path: string, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // A device write blocks while a USB printer is out of paper or a serial port has no listener;
  // the job is then reported as not printed (the write may still land when the printer wakes).
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PrintFailure('timeout', `${path} took nothing within ${timeoutMs} ms.`)), timeoutMs);
  });
  const write = (async () => {
    // Checked before the open too: opening a named pipe would wait for a reader.
    const before = await statOf(() => fs.promises.stat(path));
    if (before) assertDevice(path, before);
    // Never O_CREAT: a wrong path is "no such device", not a new file in a folder. O_NOCTTY: a
    // serial port does not become this process's terminal.
    const handle = await fs.promises.open(path, fs.constants.O_WRONLY | fs.constants.O_APPEND | (fs.constants.O_NOCTTY ?? 0));
    try {
      // What was opened is checked again: the path may have been swapped between the stat and the open.
      const opened = await statOf(() => handle.stat());
      if (opened) assertDevice(path, opened);
      if (before && opened && (opened.ino !== before.ino || opened.dev !== before.dev)) {
        throw new PrintFailure('not_a_printer', `${path} changed while it was being opened.`);
      }
      await handle.write(bytes);
    } finally {
      await handle.close();
    }
  })();
  try {
    await Promise.race([write, deadline]);
  } catch (error) {
    throw failureOf(error);
  } finally {
    clearTimeout(timer);
    write.catch(() => undefined);
  }
}

/** Sends the bytes; resolves when the printer has them, rejects with a PrintFailure. */
export function sendToPrinter(connection: EscposConnection, bytes: Uint8Array, options: SendOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (connection.kind === 'network') return sendTcp(connection.host, connection.port, bytes, timeoutMs, options);
  return sendDevice(connection.path, bytes, timeoutMs);
}
