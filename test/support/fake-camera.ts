/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a printed voucher held
 * up to a webcam, drawn from the codes it carries (the install QR, the ICCID's Code 128 barcode)
 * with the same encoders the app prints with, and written as Y4M (YUV 4:2:0) frames, which
 * Chromium loops. No ffmpeg needed: Y4M is a text header and raw planes.
 */
import fs from 'node:fs';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

export type VoucherPart = { readonly kind: 'qr'; readonly text: string } | { readonly kind: 'code128'; readonly text: string };

const WIDTH = 640;
const HEIGHT = 480;
/** Paper and ink as a webcam sees them: not pure white, not pure black. */
const PAPER = 225;
const INK = 35;

type Gray = { readonly pixels: Uint8Array; readonly width: number; readonly height: number };

function fill(image: Gray, x: number, y: number, w: number, h: number, value: number): void {
  for (let row = Math.max(0, y); row < Math.min(image.height, y + h); row++) {
    image.pixels.fill(value, row * image.width + Math.max(0, x), row * image.width + Math.min(image.width, x + w));
  }
}

function code128Modules(text: string): string {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, text, { format: 'CODE128' });
  return (target.encodings ?? []).map((e) => e.data).join('');
}

/** Draws the parts one under the other, centred, as on the voucher; returns the height used. */
function drawPart(image: Gray, part: VoucherPart, top: number, room: number): void {
  if (part.kind === 'code128') {
    const bars = code128Modules(part.text);
    const module = Math.max(1, Math.floor((image.width - 80) / bars.length));
    const left = Math.floor((image.width - bars.length * module) / 2);
    const height = Math.min(room - 10, 140);
    for (let i = 0; i < bars.length; i++) if (bars[i] === '1') fill(image, left + i * module, top + 5, module, height, INK);
    return;
  }
  const qr = QRCode.create(part.text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const module = Math.max(2, Math.floor((room - 20) / size));
  const left = Math.floor((image.width - size * module) / 2);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c)) fill(image, left + c * module, top + 10 + r * module, module, module, INK);
}

/** The voucher's picture: each part gets an equal band of the frame, top to bottom. */
export function voucherPicture(parts: readonly VoucherPart[], width = WIDTH, height = HEIGHT): Gray {
  const image: Gray = { pixels: new Uint8Array(width * height).fill(PAPER), width, height };
  const band = Math.floor(height / parts.length);
  parts.forEach((part, i) => drawPart(image, part, i * band, band));
  return image;
}

/** Y4M frames of the picture, shaken by a pixel from frame to frame as a hand holds it. */
export function y4m(image: Gray, frames = 10): Buffer {
  const { width, height } = image;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const chunks: Buffer[] = [header];
  for (let f = 0; f < frames; f++) {
    const shift = f % 3;
    const y = Buffer.alloc(width * height, PAPER);
    for (let row = 0; row < height; row++) {
      const from = row * width;
      y.set(image.pixels.subarray(from, from + width - shift), from + shift);
    }
    chunks.push(Buffer.from('FRAME\n', 'ascii'), y, chroma, chroma);
  }
  return Buffer.concat(chunks);
}

/** Writes the video of a voucher with these parts to `file` (a .y4m). */
export function writeVoucherVideo(file: string, parts: readonly VoucherPart[]): string {
  fs.writeFileSync(file, y4m(voucherPicture(parts)));
  return file;
}
