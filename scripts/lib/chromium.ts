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
