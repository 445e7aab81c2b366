import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, catalogFile, wordsFor } from '../../../../electron/headoffice/words.ts';
import { UI_LANGUAGES } from '../../../../shared/languages.ts';

type Catalog = { [key: string]: string | Catalog };
const keysOf = (catalog: Catalog, prefix = ''): [string, string][] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : keysOf(value, `${prefix}${key}.`),
  );
const catalog = (language: string) => JSON.parse(fs.readFileSync(catalogFile(language, 'headoffice'), 'utf8')) as Catalog;

describe('the head office page’s catalogue', () => {
  it('has every English key in each of the counter’s languages, each worded, with the same placeholders', () => {
    const english = new Map(keysOf(catalog('en')));
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of UI_LANGUAGES) {
      const words = new Map(keysOf(catalog(language)));
      expect([...words.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [key, text] of words) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    }
  });
});

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
