import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES, endonym, isRtl, matchLanguage, UI_LANGUAGES } from '../../../shared/languages.ts';

describe('languages', () => {
  it('offers nine languages for the screens and at least fifteen for the customer, the screens’ among them', () => {
    expect(UI_LANGUAGES).toEqual(['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'zh-CN', 'ar']);
    expect(CUSTOMER_LANGUAGES.length).toBeGreaterThanOrEqual(15);
    for (const l of UI_LANGUAGES) expect(CUSTOMER_LANGUAGES).toContain(l);
  });

  it('matches what a browser or OS prefers: exact tag, then the same language, then the next preference', () => {
    expect(matchLanguage(['de-AT', 'en'], UI_LANGUAGES, 'en')).toBe('de');
    expect(matchLanguage(['pt-BR'], UI_LANGUAGES, 'en')).toBe('pt');
    expect(matchLanguage(['zh-Hans-CN'], UI_LANGUAGES, 'en')).toBe('zh-CN');
    expect(matchLanguage(['zh_CN'], UI_LANGUAGES, 'en')).toBe('zh-CN');
    // Traditional Chinese readers are not given Simplified Chinese: their next preference wins.
    expect(matchLanguage(['zh-TW', 'ja'], UI_LANGUAGES, 'en')).toBe('ja');
    expect(matchLanguage(['sv-SE', 'fi'], UI_LANGUAGES, 'en')).toBe('en');
    expect(matchLanguage([], UI_LANGUAGES, 'en')).toBe('en');
  });

  it('knows which languages are written right to left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('he')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(isRtl('ja')).toBe(false);
  });

  it('names each language in itself, upper case first, for a picker its speakers can find', () => {
    expect(endonym('de')).toBe('Deutsch');
    expect(endonym('es')).toBe('Español');
    expect(endonym('ja')).toBe('日本語');
    expect(endonym('ar')).toBe('العربية');
    expect(endonym('zh-CN')).toMatch(/中文/);
  });
});

describe('the machine’s locale', () => {
  it('is a real locale even when the environment names none (ICU’s "und")', async () => {
    const { machineLocale } = await import('../../../shared/languages.ts');
    const { vi } = await import('vitest');
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      locale: 'und',
    });
    try {
      expect(machineLocale()).toBe('en-US');
    } finally {
      spy.mockRestore();
    }
    expect(machineLocale()).not.toBe('und');
  });
});
