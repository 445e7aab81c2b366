import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { findChromium, findTestBrowser } from '../../../../scripts/lib/chromium.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function fakeBrowser(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-browser-'));
  folders.push(folder);
  const file = path.join(folder, 'chrome');
  fs.writeFileSync(file, '');
  return file;
}

it('a browser named by PLAYWRIGHT_CHROMIUM_PATH runs every test, the headless shell or not', () => {
  const named = fakeBrowser();
  expect(findTestBrowser({ PLAYWRIGHT_CHROMIUM_PATH: named })).toBe(named);
  expect(findChromium({ PLAYWRIGHT_CHROMIUM_PATH: named })).toBe(named);
});

it('a named browser that is not there is none, never another one in its place', () => {
  const missing = path.join(os.tmpdir(), 'esim-counter-no-such-browser', 'chrome');
  expect(findTestBrowser({ PLAYWRIGHT_CHROMIUM_PATH: missing })).toBeNull();
});

it('without a name, the headless shell when it is installed, else the full Chromium', () => {
  const shell = '/usr/bin/chromium-headless-shell';
  expect(findTestBrowser({})).toBe(fs.existsSync(shell) ? shell : findChromium({}));
});
