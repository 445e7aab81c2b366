import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { findChromium, findTestBrowser } from '../../../../scripts/lib/chromium.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function missing(): string {
  return path.join(os.tmpdir(), 'esim-counter-no-such-browser', 'chrome');
}

function fakeBrowser(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-browser-'));
  folders.push(folder);
  const file = path.join(folder, 'chrome');
  fs.writeFileSync(file, '');
  return file;
}

it('a browser named by PLAYWRIGHT_CHROMIUM_PATH runs every test, even where the headless shell is', () => {
  const named = fakeBrowser();
  const shell = fakeBrowser();
  expect(findTestBrowser({ PLAYWRIGHT_CHROMIUM_PATH: named }, [shell])).toBe(named);
  expect(findChromium({ PLAYWRIGHT_CHROMIUM_PATH: named })).toBe(named);
});

it('a named browser that is not there is none, never another one in its place', () => {
  expect(findTestBrowser({ PLAYWRIGHT_CHROMIUM_PATH: missing() }, [fakeBrowser()])).toBeNull();
});

it('without a name, the headless shell where it is installed', () => {
  const shell = fakeBrowser();
  expect(findTestBrowser({}, [missing(), shell])).toBe(shell);
});

it('without a name and without the shell, the full Chromium: never a shell that is not there', () => {
  const absent = missing();
  const found = findTestBrowser({}, [absent]);
  expect(found).not.toBe(absent);
  expect(found).toBe(findChromium({}));
});
