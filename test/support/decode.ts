/**
 * Reads QR codes and Code 128 barcodes back from pictures, the way a phone or a scanner would:
 * a PNG (a Playwright screenshot, or a PDF page rendered by poppler's pdftoppm) → luminance →
 * ZXing. Used by the end-to-end tests to prove that what is on screen or paper is exactly the
 * eSIM's text, not merely that an <svg> exists.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zxing from '@zxing/library';
import { PNG } from 'pngjs';

const { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

export type Format = 'qr' | 'code128';

function luminance(png: Buffer): { pixels: Uint8ClampedArray; width: number; height: number } {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0, p = 0; p < pixels.length; i += 4, p++) {
    // Transparent pixels count as white paper.
    const a = image.data[i + 3]! / 255;
    const gray = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    pixels[p] = Math.round(gray * a + 255 * (1 - a));
  }
  return { pixels, width: image.width, height: image.height };
}

/** The text of the one code of that format in the picture, or null when none can be read. */
export function decodePng(png: Buffer, format: Format): string | null {
  const { pixels, width, height } = luminance(png);
  const hints = new Map<zxing.DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  // One reader per format (not MultiFormatReader, which logs every miss of every other format).
  const reader = format === 'qr' ? new QRCodeReader() : new Code128Reader();
  try {
    const source = new RGBLuminanceSource(pixels, width, height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch (error) {
    // ZXing says "nothing here" with NotFound/Checksum/Format exceptions; that is a null, not a crash.
    if (/(NotFound|Checksum|Format)Exception/.test((error as Error).name ?? '') || error instanceof zxing.Exception) return null;
    throw error;
  }
}

/** Renders each page of a PDF to PNG at `dpi` with poppler's pdftoppm and returns the PNGs in page order. */
export function pdfPages(pdf: Buffer, dpi = 200): Buffer[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, path.join(dir, 'page')]);
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => fs.readFileSync(path.join(dir, name)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Copies a rectangle of an RGBA PNG into a new PNG. */
function crop(image: PNG, x: number, y: number, width: number, height: number): Buffer {
  const out = new PNG({ width, height });
  PNG.bitblt(image, out, x, y, width, height, 0, 0);
  return PNG.sync.write(out);
}

/**
 * Every distinct code of that format in the picture. ZXing reads one code per picture, and a
 * voucher holds two QR codes, so the picture is also read in overlapping windows. It is read once
 * more without its outer tenth each side, as a scanner is aimed at the code: a frame round the
 * page (the gift card's border) in the same scan line can make ZXing's Code 128 reader miss a
 * symbol whose bars are right (code 46M1OLNB on a gift card, read fine once the frame is cut off).
 */
export function decodeAllPng(png: Buffer, format: Format): string[] {
  const image = PNG.sync.read(png);
  const found = new Set<string>();
  for (const parts of [1, 2, 3]) {
    const w = Math.min(image.width, Math.ceil((image.width / parts) * 1.5));
    const h = Math.min(image.height, Math.ceil((image.height / parts) * 1.5));
    for (let col = 0; col < parts; col++) {
      for (let row = 0; row < parts; row++) {
        const x = Math.min(image.width - w, Math.floor((image.width / parts) * col));
        const y = Math.min(image.height - h, Math.floor((image.height / parts) * row));
        const text = decodePng(parts === 1 ? png : crop(image, x, y, w, h), format);
        if (text !== null) found.add(text);
      }
    }
  }
  const margin = Math.floor(image.width / 10);
  const inner = decodePng(crop(image, margin, 0, image.width - 2 * margin, image.height), format);
  if (inner !== null) found.add(inner);
  return [...found];
}
