/**
 * Getting the bytes to the printer: a raw TCP connection (port 9100, "JetDirect"), or a write to a
 * path the OS gives the printer — a USB printer's device node (/dev/usb/lp0), a serial port set to
 * the printer's speed (/dev/ttyUSB0, COM3), a Windows printer shared as \\localhost\Name. Every way
 * has a deadline, and a failure comes back as a PrintProblem, never as a hang.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { PrintProblem } from '../../shared/printing.ts';
import type { EscposConnection } from '../../shared/settings.ts';

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

function sendTcp(host: string, port: number, bytes: Uint8Array, timeoutMs: number, lingerMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      socket.destroy();
      if (error) reject(failureOf(error));
      else resolve();
    };
    const deadline = setTimeout(
      () => finish(new PrintFailure('timeout', `No answer from ${host}:${port} within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    socket.on('error', finish);
    // A printer may answer status bytes; they are not waited for.
    socket.on('data', () => undefined);
    socket.on('connect', () => {
      socket.end(bytes, () => {
        // Everything is with the printer's TCP stack. Most printers close once they have read it
        // all; one that keeps the connection open still got the job.
        const linger = setTimeout(() => finish(), lingerMs);
        socket.once('close', () => {
          clearTimeout(linger);
          finish();
        });
      });
    });
  });
}

async function sendDevice(path: string, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // A device write blocks while a USB printer is out of paper or a serial port has no listener;
  // the job is then reported as not printed (the write may still land when the printer wakes).
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PrintFailure('timeout', `${path} took nothing within ${timeoutMs} ms.`)), timeoutMs);
  });
  const write = (async () => {
    // 'r+' never creates a file: a wrong path is "no such device", not a new file in a folder.
    const handle = await fs.promises.open(path, fs.constants.O_WRONLY | fs.constants.O_APPEND);
    try {
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
  if (connection.kind === 'network') return sendTcp(connection.host, connection.port, bytes, timeoutMs, options.lingerMs ?? 1500);
  return sendDevice(connection.path, bytes, timeoutMs);
}
