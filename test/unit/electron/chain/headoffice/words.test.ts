import { describe, expect, it } from 'vitest';
import { acceptedLanguages, wordsFor } from '../../../../../electron/chain/headoffice/words.ts';

describe('the head office page’s language', () => {
  it('reads Accept-Language by its weights, in order where they tie', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, en;q=0.9, *;q=0.1, it;q=0')).toEqual(['de-CH', 'en', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('takes the first of the counter’s languages the browser asks for, English otherwise', () => {
    expect(wordsFor('de-CH, fr;q=0.9').language).toBe('de');
    expect(wordsFor('zh-TW, ja;q=0.5').language).toBe('ja');
    expect(wordsFor('sv, nb').language).toBe('en');
    expect(wordsFor('ar-EG').dir).toBe('rtl');
    expect(wordsFor('ar-EG').t('title')).toBe('المقر الرئيسي');
    expect(wordsFor('pt-BR').t('common:payment.card')).toBe('Cartão');
  });

  it('writes amounts and days the browser’s way for that language, with the counter’s digits', () => {
    expect(wordsFor('en-GB').money({ minor: 19350, currency: 'USD' })).toBe('US$193.50');
    expect(wordsFor('en-US').money({ minor: 15000, currency: 'USD' })).toBe('$150.00');
    expect(wordsFor('en-GB').day('2026-11-20')).toBe('Fri, 20 Nov 2026');
    expect(wordsFor('ar-EG').money({ minor: 19350, currency: 'USD' })).toContain('193.50');
    expect(wordsFor('ja').money({ minor: 1500, currency: 'JPY' })).toBe('￥1,500');
  });
});
