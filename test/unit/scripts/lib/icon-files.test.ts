import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, writeIcns, writeIco } from '../../../../scripts/lib/icon-files.ts';

/** A square PNG of one colour. */
function square(size: number, rgba: [number, number, number, number]): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set(rgba, i * 4);
  return PNG.sync.write(png);
}

const build = path.resolve(import.meta.dirname, '../../../../build');

describe('writeIco', () => {
  it('lists every size, small ones as bitmaps with their colours, 256 px as PNG, each at its offset', () => {
    const ico = writeIco([16, 256, 32].map((size) => ({ size, png: square(size, [255, 0, 0, 128]) })));
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(3);
    const entries = [0, 1, 2].map((i) => ({
      width: ico.readUInt8(6 + 16 * i),
      bytes: ico.readUInt32LE(6 + 16 * i + 8),
      offset: ico.readUInt32LE(6 + 16 * i + 12),
    }));
    expect(entries.map((e) => e.width)).toEqual([16, 32, 0]);
    // A bitmap: its header says 16 wide, 32 high (colour + mask), 32 bits; its first pixel is BGRA.
    const bmp = ico.subarray(entries[0]!.offset, entries[0]!.offset + entries[0]!.bytes);
    expect([bmp.readInt32LE(4), bmp.readInt32LE(8), bmp.readUInt16LE(14)]).toEqual([16, 32, 32]);
    expect([...bmp.subarray(40, 44)]).toEqual([0, 0, 255, 128]);
    expect(entries[0]!.bytes).toBe(40 + 16 * 16 * 4 + 16 * 4);
    // The 256 px image is the PNG itself.
    const png = ico.subarray(entries[2]!.offset, entries[2]!.offset + entries[2]!.bytes);
    expect(PNG.sync.read(png).width).toBe(256);
    expect(entries[2]!.offset + entries[2]!.bytes).toBe(ico.length);
  });
});

describe('writeIcns', () => {
  it('writes the icns header and one PNG entry per type whose size is given', () => {
    const icns = writeIcns([16, 32, 1024].map((size) => ({ size, png: square(size, [0, 0, 255, 255]) })));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      types.push(icns.subarray(at, at + 4).toString('ascii'));
      expect(PNG.sync.read(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4))).width).toBe(
        ICNS_TYPES.find((t) => t.type === types.at(-1))!.size,
      );
    }
    expect(types).toEqual(['icp4', 'icp5', 'ic10', 'ic11']);
  });
});

describe('the committed icons', () => {
  it('are there for every target: a 1024 px PNG, an .ico up to 256 px and an .icns up to 1024 px', () => {
    expect(PNG.sync.read(fs.readFileSync(path.join(build, 'icon.png'))).width).toBe(1024);
    const ico = fs.readFileSync(path.join(build, 'icon.ico'));
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5);
    const icns = fs.readFileSync(path.join(build, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.includes(Buffer.from('ic10'))).toBe(true);
    const yml = fs.readFileSync(path.join(build, '..', 'electron-builder.yml'), 'utf8');
    for (const file of ['build/icon.icns', 'build/icon.ico', 'build/icon.png']) expect(yml).toContain(`icon: ${file}`);
  });
});
