/** The start's word on fonts: the missing scripts named with the packages that bring them, or nothing. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fontconfigLanguages, missingFontsAdvice, probeOf } from '../../../../electron/cli/fonts.ts';

const having =
  (...langs: string[]) =>
  (lang: string) =>
    langs.includes(lang);

describe('missingFontsAdvice', () => {
  it('names the missing scripts and each package once', () => {
    expect(missingFontsAdvice(having('zh-cn', 'ja', 'ar', 'he'), 'linux')).toBe(
      'This computer has no font for Korean, Thai and Hindi: the customer display shows empty boxes for them. Install them with: sudo apt install fonts-noto-cjk fonts-noto-core',
    );
    expect(missingFontsAdvice(having('zh-cn', 'ja', 'ko', 'th', 'ar', 'he'), 'linux')).toBe(
      'This computer has no font for Hindi: the customer display shows empty boxes for them. Install them with: sudo apt install fonts-noto-core',
    );
  });

  it('says nothing when every script has a font, off Linux, or where fontconfig cannot be asked', () => {
    expect(missingFontsAdvice(having('zh-cn', 'ja', 'ko', 'th', 'hi', 'ar', 'he'), 'linux')).toBeNull();
    expect(missingFontsAdvice(having(), 'darwin')).toBeNull();
    expect(missingFontsAdvice(() => null, 'linux')).toBeNull();
  });

  it('asks this machine’s fontconfig once, and agrees with its per-language match', async () => {
    const langs = await fontconfigLanguages();
    // A made-up language tag no font claims; fontconfig answers with nothing (or is absent: null).
    expect([false, null]).toContain(probeOf(langs)('x-none'));
    expect(probeOf(null)('ja')).toBeNull();
    if (!langs) return;
    for (const lang of ['zh-cn', 'ja', 'ko', 'th', 'hi', 'ar', 'he', 'en']) {
      const asked = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
      expect([lang, probeOf(langs)(lang)]).toEqual([lang, asked.stdout.trim() !== '']);
    }
  });
});
