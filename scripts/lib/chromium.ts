/**
 * Finds a Chromium for Playwright. Playwright cannot download its own browsers on these machines,
 * so the system's Chromium (Debian's `chromium`) is used; PLAYWRIGHT_CHROMIUM_PATH overrides.
 */
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const override = env.PLAYWRIGHT_CHROMIUM_PATH;
  if (override) return fs.existsSync(override) ? override : null;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/**
 * The browser of the end-to-end suite: Chromium's old headless shell (Debian's
 * `chromium-headless-shell`, the same Blink without the desktop browser around it), which runs the
 * suite with about a fifth less CPU than the full browser in its headless mode; the full Chromium
 * when there is no shell, or when PLAYWRIGHT_CHROMIUM_PATH names a browser. Tests that need what only
 * the full browser has (a fake camera) launch `findChromium()` themselves.
 */
export function findTestBrowser(env: NodeJS.ProcessEnv = process.env, shells = HEADLESS_SHELLS): string | null {
  if (env.PLAYWRIGHT_CHROMIUM_PATH) return findChromium(env);
  return findHeadlessShell(shells) ?? findChromium(env);
}

const HEADLESS_SHELLS: readonly string[] = ['/usr/bin/chromium-headless-shell'];

export function findHeadlessShell(shells = HEADLESS_SHELLS): string | null {
  return shells.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Flags that keep Chromium from dialling Google's hosts on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
