/**
 * Makes sure the end-to-end suite has what it needs: a browser (the system Chromium, or on a
 * Debian/Ubuntu machine where we are root, Debian's `chromium` package installed on the spot) and
 * poppler's pdftoppm, which turns printed vouchers into images the tests can read back.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.ts';

function run(command: string, args: string[]): boolean {
  return (
    spawnSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

const hasPdftoppm = () => spawnSync('pdftoppm', ['-v']).error === undefined;
if (
  !hasPdftoppm() &&
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version']).status === 0
) {
  console.log('No pdftoppm found: installing Debian’s poppler-utils package (one time)…');
  if (
    !run('apt-get', ['install', '-y', '-qq', 'poppler-utils']) &&
    !(run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'poppler-utils']))
  ) {
    console.error('Installing poppler-utils with apt-get failed; voucher tests will say so.');
  }
}

if (!findChromium()) {
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
  if (canApt) {
    console.log('No Chromium found: installing Debian’s chromium package (one time)…');
    if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
      console.error('Installing chromium with apt-get failed.');
    }
  }
  const found = findChromium();
  if (!found) {
    console.error(
      'No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH.',
    );
    process.exit(1);
  }
}
