import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { qrEncoderLoaded, qrPath } from '../../../../../renderer/src/ui/QrCode.tsx';
import { encodeCode128 } from '../../../../../renderer/src/ui/Barcode.tsx';
import { groupIccid } from '../../../../../renderer/src/counter/esim/EsimCodes.tsx';
import { decodePng } from '../../../../support/decode.ts';

// The encoder comes after the first paint: the codes are drawn once it is there.
beforeAll(() => qrEncoderLoaded);

/** Paints the QR path (only "M x y h w v1 h-w z" runs) the way a browser would, at `scale` px per module. */
function rasterizeQr(text: string, scale = 4): Buffer {
  const { path, dimension } = qrPath(text);
  const png = new PNG({ width: dimension * scale, height: dimension * scale });
  png.data.fill(255);
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(w) * scale; dx++) {
        const i = ((Number(y) * scale + dy) * png.width + Number(x) * scale + dx) * 4;
        png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
      }
    }
  }
  return PNG.sync.write(png);
}

function rasterizeBars(bars: string, scale = 3, quiet = 12, height = 60): Buffer {
  const width = (bars.length + quiet * 2) * scale;
  const png = new PNG({ width, height });
  png.data.fill(255);
  for (let b = 0; b < bars.length; b++) {
    if (bars[b] !== '1') continue;
    for (let y = 0; y < height; y++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = (y * width + (quiet + b) * scale + dx) * 4;
        png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
      }
    }
  }
  return PNG.sync.write(png);
}

describe('QR path', () => {
  it('draws a code that reads back as the exact LPA text, $ signs and all', () => {
    const lpa = 'LPA:1$lpa.airalo.com$DUMMY-237120-GNVGY-2790';
    expect(decodePng(rasterizeQr(lpa), 'qr')).toBe(lpa);
  });
  it('keeps a four-module quiet zone on every side', () => {
    const { path, dimension } = qrPath('LPA:1$a$b');
    const xs = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => [Number(x), Number(y), Number(x) + Number(w)]);
    expect(Math.min(...xs.map((r) => r[0]!))).toBe(4);
    expect(Math.min(...xs.map((r) => r[1]!))).toBe(4);
    expect(Math.max(...xs.map((r) => r[2]!))).toBe(dimension - 4);
  });
});

describe('Code 128', () => {
  it.each(['89446010000000001021', '8944601000000000102'])('encodes ICCID %s so a scanner reads it back', (iccid) => {
    const bars = encodeCode128(iccid);
    expect(bars).toMatch(/^1[01]+1$/);
    expect(decodePng(rasterizeBars(bars), 'code128')).toBe(iccid);
  });
});

describe('groupIccid', () => {
  it('groups by four for reading aloud', () => expect(groupIccid('89446010000000001021')).toBe('8944 6010 0000 0000 1021'));
  it('leaves a short tail', () => expect(groupIccid('8944601000000000102')).toBe('8944 6010 0000 0000 102'));
});
