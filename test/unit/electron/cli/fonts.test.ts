/** The start's word on fonts: the missing scripts named with the packages that bring them, or nothing. */
import { describe, expect, it } from 'vitest';
import { fontconfigProbe, missingFontsAdvice } from '../../../../electron/cli/fonts.ts';

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

  it('asks this machine’s fontconfig: a language no font covers is missing', () => {
    // A made-up language tag no font claims; fontconfig answers with nothing (or is absent: null).
    expect([false, null]).toContain(fontconfigProbe('x-none'));
  });
});
