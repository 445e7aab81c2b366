/**
 * Browser mode on Linux draws the customer display with the computer's own fonts: a bare system has
 * none for Chinese, Japanese, Korean, Thai or Hindi, and the display's language bar shows empty boxes.
 * The start names the Debian packages that bring the missing scripts (the desktop app's .deb depends
 * on them).
 */
import { execFile } from 'node:child_process';

/** The scripts the display and the papers show, each with the Debian package that covers it. */
const SCRIPTS = [
  { lang: 'zh-cn', name: 'Chinese', pkg: 'fonts-noto-cjk' },
  { lang: 'ja', name: 'Japanese', pkg: 'fonts-noto-cjk' },
  { lang: 'ko', name: 'Korean', pkg: 'fonts-noto-cjk' },
  { lang: 'th', name: 'Thai', pkg: 'fonts-noto-core' },
  { lang: 'hi', name: 'Hindi', pkg: 'fonts-noto-core' },
  { lang: 'ar', name: 'Arabic', pkg: 'fonts-noto-core' },
  { lang: 'he', name: 'Hebrew', pkg: 'fonts-noto-core' },
] as const;

/** Whether fontconfig has a font for a language; null where there is no fontconfig to ask. */
export type FontProbe = (lang: string) => boolean | null;

/**
 * Every language some font of this computer covers, as fontconfig lists them, asked once and
 * without blocking: the start has printed its address, and the page's first calls must not wait on
 * it. Null where there is no fontconfig to ask.
 */
export function fontconfigLanguages(): Promise<ReadonlySet<string> | null> {
  return new Promise((resolve) => {
    execFile('fc-list', [':', 'lang'], { encoding: 'utf8', timeout: 5000, maxBuffer: 8 << 20 }, (error, stdout) => {
      if (error) return resolve(null);
      const langs = stdout.split('\n').flatMap((line) =>
        line
          .trim()
          .replace(/^:?lang=/, '')
          .split('|'),
      );
      resolve(new Set(langs.filter((lang) => lang !== '')));
    });
  });
}

/** A probe over the languages fontconfig listed (null: it could not be asked). */
export const probeOf =
  (langs: ReadonlySet<string> | null): FontProbe =>
  (lang) =>
    langs ? langs.has(lang) : null;

/** One line naming the missing scripts and the packages that bring them; null when nothing is missing or nothing can tell. */
export function missingFontsAdvice(probe: FontProbe, platform: NodeJS.Platform = process.platform): string | null {
  if (platform !== 'linux') return null;
  const missing = [];
  for (const script of SCRIPTS) {
    const has = probe(script.lang);
    if (has === null) return null;
    if (!has) missing.push(script);
  }
  if (missing.length === 0) return null;
  const names = missing.map((s) => s.name);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const packages = [...new Set(missing.map((s) => s.pkg))].join(' ');
  return `This computer has no font for ${listed}: the customer display shows empty boxes for them. Install them with: sudo apt install ${packages}`;
}
