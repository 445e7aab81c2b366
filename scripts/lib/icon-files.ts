/**
 * The two icon containers the installers want, written from PNGs: Windows' .ico (small sizes as
 * 32-bit bitmaps, which every part of Windows and NSIS reads; 256 px as PNG, as Windows Vista and
 * later store it) and macOS' .icns (PNG entries, as macOS 10.7 and later read them).
 */
import { PNG } from 'pngjs';

export type IconImage = { readonly size: number; readonly png: Buffer };

/** A 32-bit BGRA bitmap with its AND mask, bottom-up, as an .ico entry holds it. */
function icoBitmap(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  // The height counts the colour rows and the mask's rows.
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(0, 16); // BI_RGB
  header.writeUInt32LE(width * height * 4, 20);
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = height - 1 - y;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = (row * width + x) * 4;
      pixels[to] = data[from + 2]!;
      pixels[to + 1] = data[from + 1]!;
      pixels[to + 2] = data[from]!;
      pixels[to + 3] = data[from + 3]!;
    }
  }
  // The alpha channel decides; the mask is all zeros (opaque), rows padded to 32 bits.
  const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
  return Buffer.concat([header, pixels, mask]);
}

export function writeIco(images: readonly IconImage[]): Buffer {
  const sorted = [...images].sort((a, b) => a.size - b.size);
  const bodies = sorted.map((image) => (image.size >= 256 ? image.png : icoBitmap(image.png)));
  const head = Buffer.alloc(6);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(sorted.length, 4);
  let offset = 6 + 16 * sorted.length;
  const entries = sorted.map((image, index) => {
    const entry = Buffer.alloc(16);
    // 0 means 256.
    entry.writeUInt8(image.size >= 256 ? 0 : image.size, 0);
    entry.writeUInt8(image.size >= 256 ? 0 : image.size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(bodies[index]!.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += bodies[index]!.length;
    return entry;
  });
  return Buffer.concat([head, ...entries, ...bodies]);
}

/** The .icns entry types that hold PNG data, by pixel size (the @2x types repeat a size). */
export const ICNS_TYPES: readonly { readonly type: string; readonly size: number }[] = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'icp6', size: 64 },
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 },
  { type: 'ic11', size: 32 },
  { type: 'ic12', size: 64 },
  { type: 'ic13', size: 256 },
  { type: 'ic14', size: 512 },
];

export function writeIcns(images: readonly IconImage[]): Buffer {
  const bySize = new Map(images.map((image) => [image.size, image.png]));
  const chunks = ICNS_TYPES.flatMap(({ type, size }) => {
    const png = bySize.get(size);
    if (!png) return [];
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return [head, png];
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}
