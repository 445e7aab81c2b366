/**
 * Makes sure the end-to-end suite has what it needs: a browser (the system Chromium, or on a
 * Debian/Ubuntu machine where we are root, Debian's `chromium` package installed on the spot, and
 * its `chromium-headless-shell`, which runs the suite with less CPU, where the package lists have it) and
 * poppler's pdftoppm, which turns printed vouchers into images the tests can read back.
 */
import { spawnSync } from 'node:child_process';
import { findChromium, findHeadlessShell } from './lib/chromium.ts';

function run(command: string, args: string[]): boolean {
  return (
    spawnSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

const canApt = () => process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
/** Debian's packages, from the package lists as they are, else after updating them. */
const aptInstall = (packages: string[]) =>
  run('apt-get', ['install', '-y', '-qq', ...packages]) ||
  (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', ...packages]));

const hasPdftoppm = () => spawnSync('pdftoppm', ['-v']).error === undefined;
if (!hasPdftoppm() && canApt()) {
  console.log('No pdftoppm found: installing Debian’s poppler-utils package (one time)…');
  if (!aptInstall(['poppler-utils'])) console.error('Installing poppler-utils with apt-get failed; voucher tests will say so.');
}

// The screens show Chinese, Japanese, Thai, Hindi and Arabic (the display's language chips, the
// vouchers): measured with fallback boxes, their widths would not be the ones a shop sees.
const hasFontFor = (lang: string) => {
  const found = spawnSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8' });
  return found.error !== undefined || found.stdout.trim() !== '';
};
if (!['ja', 'th', 'hi', 'ar'].every(hasFontFor) && canApt()) {
  console.log('Fonts for Japanese, Thai, Hindi or Arabic missing: installing Debian’s Noto fonts (one time)…');
  if (!aptInstall(['fonts-noto-core', 'fonts-noto-cjk'])) console.error('Installing the Noto fonts with apt-get failed.');
}

// The suite's browser (findTestBrowser): without it the full Chromium runs the suite, slower. Only
// where the package lists know it (Debian has it, other distributions may not), so a machine
// without it does not try again at every run.
const aptKnows = (name: string) => spawnSync('apt-cache', ['show', name], { stdio: 'ignore' }).status === 0;
if (!findHeadlessShell() && !process.env.PLAYWRIGHT_CHROMIUM_PATH && canApt() && aptKnows('chromium-headless-shell')) {
  console.log('No Chromium headless shell found: installing Debian’s chromium-headless-shell package (one time)…');
  if (!aptInstall(['chromium-headless-shell']))
    console.error('Installing chromium-headless-shell failed; the full Chromium runs the tests.');
}

if (!findChromium()) {
  if (canApt()) {
    console.log('No Chromium found: installing Debian’s chromium package (one time)…');
    if (!aptInstall(['chromium'])) console.error('Installing chromium with apt-get failed.');
  }
  const found = findChromium();
  if (!found) {
    console.error(
      'No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH.',
    );
    process.exit(1);
  }
}
