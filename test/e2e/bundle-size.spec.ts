import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = path.resolve(import.meta.dirname, '..', '..', 'dist', 'renderer');
const LIMIT = 200 * 1024;

/** The JavaScript a window loads before it can paint: index.html's module scripts and their preloads. */
test('the renderer’s initial JavaScript is at most 200 KB gzipped', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  expect(files.length).toBeGreaterThan(0);
  const gzipped = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  console.log(`initial JS: ${files.join(', ')} = ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(gzipped).toBeLessThanOrEqual(LIMIT);
});
