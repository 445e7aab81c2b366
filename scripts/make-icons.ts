/**
 * `npm run icons`: build/icon.svg → build/icon.png (1024 px), build/icon.ico and build/icon.icns,
 * which electron-builder.yml names for each target. Chromium (the one the end-to-end tests use)
 * draws the SVG at each size, so small sizes are drawn, not shrunk; the generated files are
 * committed, so packaging needs neither this script nor a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium.ts';
import { writeIcns, writeIco, type IconImage } from './lib/icon-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const build = path.join(root, 'build');
const svg = fs.readFileSync(path.join(build, 'icon.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
  const images: IconImage[] = [];
  for (const size of SIZES) {
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${source}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: true });
    images.push({ size, png });
  }
  const at = (size: number) => images.find((image) => image.size === size)!.png;
  fs.writeFileSync(path.join(build, 'icon.png'), at(1024));
  fs.writeFileSync(path.join(build, 'icon.ico'), writeIco(images.filter((image) => image.size <= 256)));
  fs.writeFileSync(path.join(build, 'icon.icns'), writeIcns(images.filter((image) => image.size !== 24 && image.size !== 48)));
  console.log('build/icon.png, build/icon.ico and build/icon.icns written.');
} finally {
  await browser.close();
}
