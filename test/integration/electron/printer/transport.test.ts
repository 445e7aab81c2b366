import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PrintFailure, sendToPrinter } from '../../../../electron/printer/transport.ts';
import { startFakePrinter, type FakePrinter } from '../../../support/fake-printer.ts';

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
  it('appends the bytes to the device, never creating a file where there is none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-'));
    const device = path.join(dir, 'lp0');
    fs.writeFileSync(device, '');
    await sendToPrinter({ kind: 'device', path: device }, Buffer.from([0x1b, 0x70, 0x00, 0x32, 0xfa]));
    expect(fs.readFileSync(device).toString('hex')).toBe('1b700032fa');

    const missing = path.join(dir, 'lp1');
    expect(await problemOf(sendToPrinter({ kind: 'device', path: missing }, Buffer.from('x')))).toBe('no_device');
    expect(fs.existsSync(missing)).toBe(false);
    expect(await problemOf(sendToPrinter({ kind: 'device', path: dir }, Buffer.from('x')))).toBe('failed');
  });
});
