/**
 * A thermal printer on 127.0.0.1 for the tests: it takes raw ESC/POS on a TCP port the way an
 * Epson TM-T20 does on 9100, keeps each connection's bytes as a job, and reads them back as a
 * printer would — text in the code page last selected (ESC t, Epson's numbering), the QR code
 * stored with GS ( k, Code 128 with GS k (code set C unpacked to digits), raster pictures (GS v 0),
 * the cut (GS V) and the drawer pulse (ESC p). A command it does not know is kept in `unknown`,
 * so a test can insist there are none.
 *
 * `mode` makes it misbehave: 'stall' takes the connection and never reads (a printer with its cover
 * open), 'hangup' closes the connection at once.
 */
import net from 'node:net';
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/** Epson's code page numbers (ESC t n), as the TM series documents them. */
const EPSON_CODEPAGES: readonly (string | undefined)[] = [
  'cp437', 'epson/katakana', 'cp850', 'cp860', 'cp863', 'cp865', undefined, undefined, undefined, undefined, undefined, 'cp851', 'cp853', 'cp857', 'cp737',
  'iso8859-7', 'windows1252', 'cp866', 'cp852', 'cp858', 'thai42', 'thai11', undefined, undefined, undefined, undefined, 'thai13', undefined, undefined, undefined, 'tcvn3',
  'tcvn3capitals', 'cp720', 'cp775', 'cp855', 'cp861', 'cp862', 'cp864', 'cp869', 'epson/iso8859-2', 'iso8859-15',
  'cp1098', 'cp774', 'cp772', 'cp1125', 'windows1250', 'windows1251', 'windows1253', 'windows1254', 'windows1255',
  'windows1256', 'windows1257', 'windows1258', 'rk1048',
]; // prettier-ignore

export type PrintedBarcode = { readonly symbology: number; readonly data: string };

export type PrintedJob = {
  /** The printed lines, as a person reads them off the paper (alignment spaces trimmed). */
  readonly lines: string[];
  readonly qrCodes: string[];
  readonly barcodes: PrintedBarcode[];
  readonly images: { readonly width: number; readonly height: number; readonly bits: Buffer }[];
  cuts: number;
  readonly pulses: { readonly pin: number; readonly onMs: number; readonly offMs: number }[];
  readonly codepages: number[];
  readonly unknown: string[];
  /** Lines printed with double width and height (GS ! 0x11). */
  readonly largeLines: string[];
};

function decodeCode128(raw: Buffer): string {
  let out = '';
  let set = 'B';
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (byte === 0x7b && i + 1 < raw.length) {
      const next = String.fromCharCode(raw[i + 1]!);
      if ('ABC'.includes(next)) {
        set = next;
        i++;
        continue;
      }
      if (next === '{') {
        out += '{';
        i++;
        continue;
      }
    }
    out += set === 'C' ? String(byte).padStart(2, '0') : String.fromCharCode(byte);
  }
  return out;
}

/** Reads an ESC/POS byte stream back into what the paper shows. */
export function parseEscPos(bytes: Uint8Array): PrintedJob {
  const b = Buffer.from(bytes);
  const job: PrintedJob = {
    lines: [],
    qrCodes: [],
    barcodes: [],
    images: [],
    cuts: 0,
    pulses: [],
    codepages: [],
    unknown: [],
    largeLines: [],
  };
  let table: readonly number[] = CodepageEncoder.getEncoding('cp437').codepoints as number[];
  let line = '';
  let large = false;
  let largeOnLine = false;
  let qrData: string | null = null;
  const endLine = () => {
    const text = line.trim();
    job.lines.push(text);
    if (largeOnLine && text) job.largeLines.push(text);
    line = '';
    largeOnLine = large;
  };
  let i = 0;
  const u16 = (at: number) => b[at]! + b[at + 1]! * 256;
  while (i < b.length) {
    const c = b[i]!;
    if (c === 0x0a) {
      endLine();
      i++;
    } else if (c === 0x0d) {
      i++;
    } else if (c === 0x1b) {
      const op = b[i + 1];
      if (op === 0x40) i += 2;
      else if (op === 0x74) {
        const n = b[i + 2]!;
        job.codepages.push(n);
        const name = EPSON_CODEPAGES[n];
        if (name) table = CodepageEncoder.getEncoding(name as never).codepoints as number[];
        else job.unknown.push(`ESC t ${n}`);
        i += 3;
      } else if (op === 0x70) {
        job.pulses.push({ pin: b[i + 2]!, onMs: b[i + 3]! * 2, offMs: b[i + 4]! * 2 });
        i += 5;
      } else if (op === 0x64 || op === 0x4a) {
        for (let n = 0; n < (op === 0x64 ? b[i + 2]! : 0); n++) endLine();
        i += 3;
      } else if ([0x4d, 0x61, 0x45, 0x2d, 0x34, 0x33, 0x47, 0x21, 0x7b, 0x56].includes(op!)) i += 3;
      else if (op === 0x32) i += 2;
      else {
        job.unknown.push(`ESC ${op?.toString(16)}`);
        i += 2;
      }
    } else if (c === 0x1c) {
      // FS . (Kanji off) and FS & (on).
      i += 2;
    } else if (c === 0x1d) {
      const op = b[i + 1];
      if (op === 0x21) {
        large = b[i + 2] !== 0;
        if (large) largeOnLine = true;
        i += 3;
      } else if (op === 0x28 && b[i + 2] === 0x6b) {
        const length = u16(i + 3);
        const body = b.subarray(i + 5, i + 5 + length);
        // cn 0x31 (QR): fn 0x50 stores the data (after m), fn 0x51 prints what was stored.
        if (body[0] === 0x31 && body[1] === 0x50) qrData = body.subarray(3).toString('latin1');
        if (body[0] === 0x31 && body[1] === 0x51 && qrData !== null) job.qrCodes.push(qrData);
        i += 5 + length;
      } else if (op === 0x6b) {
        const m = b[i + 2]!;
        if (m >= 0x41) {
          const n = b[i + 3]!;
          const raw = b.subarray(i + 4, i + 4 + n);
          job.barcodes.push({ symbology: m, data: m === 0x49 ? decodeCode128(raw) : raw.toString('latin1') });
          i += 4 + n;
        } else {
          const end = b.indexOf(0, i + 3);
          job.barcodes.push({ symbology: m, data: b.subarray(i + 3, end).toString('latin1') });
          i = end + 1;
        }
      } else if (op === 0x76 && b[i + 2] === 0x30) {
        const widthBytes = u16(i + 4);
        const height = u16(i + 6);
        const size = widthBytes * height;
        job.images.push({ width: widthBytes * 8, height, bits: Buffer.from(b.subarray(i + 8, i + 8 + size)) });
        i += 8 + size;
      } else if (op === 0x56) {
        job.cuts++;
        const m = b[i + 2]!;
        i += m === 0x41 || m === 0x42 || m === 65 || m === 66 ? 4 : 3;
      } else if ([0x68, 0x77, 0x48, 0x66, 0x42, 0x4c].includes(op!)) i += op === 0x4c ? 4 : 3;
      else {
        job.unknown.push(`GS ${op?.toString(16)}`);
        i += 2;
      }
    } else if (c >= 0x20) {
      line += String.fromCodePoint(table[c] ?? 0xfffd);
      i++;
    } else {
      job.unknown.push(`byte ${c.toString(16)}`);
      i++;
    }
  }
  if (line.trim()) endLine();
  return job;
}

export type FakePrinterMode = 'ok' | 'stall' | 'hangup';

export type FakePrinter = {
  readonly host: string;
  readonly port: number;
  /** Each connection's bytes, once the connection ended. */
  readonly jobs: Buffer[];
  mode: FakePrinterMode;
  /** Resolves with the jobs once there are at least `count`. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
};

export async function startFakePrinter(mode: FakePrinterMode = 'ok'): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (printer.mode === 'hangup') {
      socket.destroy();
      return;
    }
    if (printer.mode === 'stall') {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const printer: FakePrinter = {
    host: '127.0.0.1',
    port,
    jobs,
    mode,
    waitForJobs(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (jobs.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(jobs);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The fake printer got ${jobs.length} job(s), not ${count}, within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return printer;
}
