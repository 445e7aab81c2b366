/**
 * A receipt's blocks (shared/printing.ts) in ESC/POS, through @point-of-sale/receipt-printer-encoder:
 * text in the printer's code pages (switched as the words need them), QR codes and Code 128 with the
 * printer's own commands (sharp, and read by any scanner), pictures of text as raster images, then
 * the paper cut. The drawer kick (ESC p) is a job of its own.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { RECEIPT_COLUMNS, type ReceiptBlock, type ReceiptJob } from '../../../shared/printing.ts';
import type { ReceiptWidth } from '../../../shared/settings.ts';

type Encoder = InstanceType<typeof ReceiptPrinterEncoder>;

function encoder(width: ReceiptWidth): Encoder {
  return new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: RECEIPT_COLUMNS[width],
    // GS v 0: every ESC/POS printer of the last twenty years prints it, at any height.
    imageMode: 'raster',
    // Enough paper past the last line that the cut leaves it on the customer's part.
    feedBeforeCut: 4,
  });
}

/**
 * Intl's narrow and thin spaces (in "1 234,00 €") have no code page; a space does. Nor has the
 * minus sign (a report's "−3%", Intl's negative numbers in some languages): a hyphen stands for it.
 */
function printable(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '');
}

/**
 * Code 128's data as ESC/POS wants it: digits in pairs (code set C, half as wide: an ICCID fits a
 * 58 mm roll), anything else in code set B, where a brace is doubled.
 */
export function code128Data(value: string): string {
  if (/^\d{4,}$/.test(value)) {
    const pairs = value.length - (value.length % 2);
    let data = '{C';
    for (let i = 0; i < pairs; i += 2) data += String.fromCharCode(Number(value.slice(i, i + 2)));
    return pairs < value.length ? `${data}{B${value.slice(pairs)}` : data;
  }
  return `{B${value.replaceAll('{', '{{')}`;
}

/** The 1-bit picture as the encoder takes it: RGBA, black where a bit is set. */
function imageData(block: Extract<ReceiptBlock, { kind: 'image' }>): { data: Uint8ClampedArray; width: number; height: number } {
  const bits = Buffer.from(block.bits, 'base64');
  const rowBytes = block.width / 8;
  const data = new Uint8ClampedArray(block.width * block.height * 4).fill(255);
  for (let y = 0; y < block.height; y++) {
    for (let x = 0; x < block.width; x++) {
      const byte = bits[y * rowBytes + (x >> 3)] ?? 0;
      if (byte & (0x80 >> (x & 7))) {
        const at = (y * block.width + x) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
    }
  }
  return { data, width: block.width, height: block.height };
}

const ALIGN = { start: 'left', center: 'center', end: 'right' } as const;

function addBlock(out: Encoder, block: ReceiptBlock, width: ReceiptWidth): void {
  const columns = RECEIPT_COLUMNS[width];
  switch (block.kind) {
    case 'text': {
      out.align(ALIGN[block.align]).bold(block.bold);
      if (block.size === 'large') out.size(2, 2);
      for (const line of printable(block.text).split('\n')) out.line(line);
      if (block.size === 'large') out.size(1, 1);
      out.bold(false).align('left');
      return;
    }
    case 'pair': {
      const label = printable(block.label);
      const value = printable(block.value);
      // On one line when both fit, the value flush at the end; else the value on a line of its own.
      if ([...label].length + 1 + [...value].length <= columns)
        out.line(label + ' '.repeat(columns - [...label].length - [...value].length) + value);
      else out.line(label).align('right').line(value).align('left');
      return;
    }
    case 'rule':
      out.rule({ style: 'single' });
      return;
    case 'qr':
      // Model 2, error correction M; 7 dots a module on 80 mm (about 40 mm for an LPA code), 5 on 58 mm.
      out
        .align('center')
        .qrcode(block.data, { model: 2, size: width === 80 ? 7 : 5, errorlevel: 'm' })
        .align('left');
      return;
    case 'barcode':
      out.align('center').barcode(code128Data(block.data), 'code128', { height: 64, width: 2, text: 'none' }).align('left');
      return;
    case 'image': {
      const picture = imageData(block);
      // The encoder wants whole bands of 8 rows; the rest is white.
      const height = Math.ceil(block.height / 8) * 8;
      const padded = new Uint8ClampedArray(block.width * height * 4).fill(255);
      padded.set(picture.data);
      out.align('center').image({ data: padded, width: block.width, height }, block.width, height, 'threshold').align('left');
      return;
    }
    case 'feed':
      out.newline(block.lines);
      return;
    case 'cut':
      out.cut('partial');
      return;
  }
}

/** The job's bytes: initialise, the blocks, feed and cut. */
export function encodeReceipt(job: ReceiptJob, width: ReceiptWidth): Uint8Array {
  const out = encoder(width).initialize().codepage('auto');
  for (const block of job.blocks) addBlock(out, block, width);
  return out.cut('partial').encode();
}

/** ESC p 0: a pulse on the drawer port (pin 2), 100 ms on, 500 ms off, as drawers expect. */
export function encodeDrawerKick(width: ReceiptWidth): Uint8Array {
  return encoder(width).initialize().pulse(0, 100, 500).encode();
}
