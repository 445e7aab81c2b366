import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrintFailure, sendToPrinter } from '../../../../../electron/backend/printing/transport.ts';
import { startFakePrinter, type FakePrinter } from '../../../../support/fake-printer.ts';

let printer: FakePrinter | null = null;
afterEach(async () => {
  await printer?.close();
  printer = null;
});

const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'printed',
    (error: unknown) => (error instanceof PrintFailure ? error.problem : `not a PrintFailure: ${String(error)}`),
  );

describe('sending to a network printer (raw TCP)', () => {
  it('delivers the bytes exactly, one connection a job', async () => {
    printer = await startFakePrinter();
    const bytes = Buffer.from([0x1b, 0x40, 0x41, 0x0a, 0x1d, 0x56, 0x00]);
    await sendToPrinter({ kind: 'network', host: printer.host, port: printer.port }, bytes);
    await sendToPrinter({ kind: 'network', host: printer.host, port: printer.port }, Buffer.from('B\n'));
    const jobs = await printer.waitForJobs(2);
    expect(jobs.map((job) => job.toString('hex'))).toEqual([bytes.toString('hex'), Buffer.from('B\n').toString('hex')]);
  });

  it('says “refused” when nothing listens (the printer is off)', async () => {
    printer = await startFakePrinter();
    const { host, port } = printer;
    await printer.close();
    printer = null;
    expect(await problemOf(sendToPrinter({ kind: 'network', host, port }, Buffer.from('x')))).toBe('refused');
  });

  it('says “timeout” when the printer takes the connection but not the job, and does not hang', async () => {
    printer = await startFakePrinter('stall');
    const started = Date.now();
    // More than the loopback socket buffers hold, so the write can only finish if the printer reads.
    const big = Buffer.alloc(64 * 1024 * 1024, 0x41);
    const problem = await problemOf(
      sendToPrinter({ kind: 'network', host: printer.host, port: printer.port }, big, { timeoutMs: 600 }),
    );
    expect(problem).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('writing to a device path (USB, serial, a shared Windows printer)', () => {
  const bytes = Buffer.from([0x1b, 0x70, 0x00, 0x32, 0xfa]);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes to a character device, and never creates a file where there is none', async () => {
    // /dev/null is a character device, as /dev/usb/lp0 and /dev/ttyUSB0 are.
    await sendToPrinter({ kind: 'device', path: '/dev/null' }, bytes);
    const missing = path.join(dir, 'lp1');
    expect(await problemOf(sendToPrinter({ kind: 'device', path: missing }, Buffer.from('x')))).toBe('no_device');
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('refuses a regular file, and leaves it byte for byte as it was', async () => {
    const settings = path.join(dir, 'counter.json');
    const before = Buffer.from('{"environment":"production","accounts":{}}\n');
    fs.writeFileSync(settings, before);
    const { mtimeMs } = fs.statSync(settings);
    expect(await problemOf(sendToPrinter({ kind: 'device', path: settings }, bytes))).toBe('not_a_printer');
    expect(fs.readFileSync(settings).equals(before)).toBe(true);
    expect(fs.statSync(settings).mtimeMs).toBe(mtimeMs);
  });

  it('refuses a folder, and a link that resolves to a regular file', async () => {
    expect(await problemOf(sendToPrinter({ kind: 'device', path: dir }, bytes))).toBe('not_a_printer');
    const target = path.join(dir, 'journal.sqlite');
    fs.writeFileSync(target, 'SQLite format 3\0');
    const link = path.join(dir, 'lp0');
    fs.symlinkSync(target, link);
    expect(await problemOf(sendToPrinter({ kind: 'device', path: link }, bytes))).toBe('not_a_printer');
    expect(fs.readFileSync(target, 'utf8')).toBe('SQLite format 3\0');
  });

  it('refuses a named pipe without waiting for a reader', async () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await problemOf(sendToPrinter({ kind: 'device', path: fifo }, bytes, { timeoutMs: 2_000 }))).toBe('not_a_printer');
  });
});

describe('the app’s own servers are never a printer', () => {
  it('refuses a loopback address on one of the app’s ports, by any name, before connecting', async () => {
    printer = await startFakePrinter();
    const own = () => new Set([printer!.port]);
    for (const host of ['127.0.0.1', 'localhost']) {
      const problem = await problemOf(
        sendToPrinter({ kind: 'network', host, port: printer.port }, Buffer.from('x'), { ownPorts: own }),
      );
      expect(problem).toBe('not_a_printer');
    }
    expect(printer.jobs).toHaveLength(0);
    // Another port on this machine is a printer the manager may run there (a print server).
    await sendToPrinter({ kind: 'network', host: printer.host, port: printer.port }, Buffer.from('x'), {
      ownPorts: () => new Set([1]),
    });
    expect(await printer.waitForJobs(1)).toHaveLength(1);
  });
});
