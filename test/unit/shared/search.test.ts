import { describe, expect, it } from 'vitest';
import { buildIndex, dataToken, daysToken, fold, indexTokens, isTypoOf, nameKey, queryTerms } from '../../../shared/search.ts';

describe('query terms', () => {
  it('writes data sizes and durations the way the index does', () => {
    expect(queryTerms('5 GB')).toEqual(['5gb']);
    expect(queryTerms('5gb')).toEqual(['5gb']);
    expect(queryTerms('1,5 gb 500 MB')).toEqual(['1.5gb', '500mb']);
    expect(queryTerms('30 days')).toEqual(['30d']);
    expect(queryTerms('30 day')).toEqual(['30d']);
    expect(queryTerms('Spain 30d')).toEqual(['spain', '30d']);
    expect(dataToken('1 GB', false)).toBe('1gb');
    expect(dataToken('1.5 GB', false)).toBe('1.5gb');
    expect(dataToken('500 MB', false)).toBe('500mb');
    expect(dataToken('0 MB', true)).toBe('unlimited');
    expect(daysToken(30)).toBe('30d');
  });

  it('folds accents and case', () => {
    expect(queryTerms('Curaçao  RÉUNION')).toEqual(['curacao', 'reunion']);
  });

  it('keeps "dubai" a word, not a duration', () => {
    expect(queryTerms('dubai 7 d')).toEqual(['dubai', '7d']);
  });
});

describe('name keys', () => {
  it('compare names whatever their accents, case and punctuation', () => {
    expect(nameKey('Côte d’Ivoire')).toBe(nameKey("cote d'ivoire"));
    expect(nameKey('  Türkiye ')).toBe('turkiye');
  });
});

describe('folding in every script', () => {
  it('keeps the words of any script, with numbers and units as before', () => {
    expect(queryTerms('スペイン 5GB')).toEqual(['スペイン', '5gb']);
    expect(queryTerms('إسبانيا 30 days')).toEqual(['اسبانيا', '30d']);
    expect(queryTerms('西班牙')).toEqual(['西班牙']);
    expect(nameKey('Vereinigtes Königreich')).toBe('vereinigtes konigreich');
  });

  it('writes Arabic without the marks and letter forms people often leave out', () => {
    expect(nameKey('إسبانيا')).toBe(nameKey('اسبانيا'));
    expect(nameKey('أوروبا')).toBe(nameKey('اوروبا'));
    expect(nameKey('مَكَّة')).toBe(nameKey('مكه'));
    expect(nameKey('المملكة المتحدة')).toBe('المملكه المتحده');
  });

  it('reads hiragana as katakana but keeps the voicing marks, and full-width letters as plain ones', () => {
    expect(fold('すぺいん')).toBe('スペイン');
    expect(fold('スペイン')).not.toBe(fold('スヘイン'));
    expect(fold('ガラパゴス')).toBe('ガラパゴス');
    expect(fold('ＵＫ')).toBe('uk');
    expect(fold('Ｔｅｎｅｒｉｆｅ')).toBe('tenerife');
  });

  it('forgives no typo in Chinese or Japanese, where one sign more is another word', () => {
    expect(isTypoOf('スペイン', 'スペイン')).toBe(true);
    expect(isTypoOf('スペインン', 'スペイン')).toBe(false);
    expect(isTypoOf('西班牙国', '西班牙')).toBe(false);
    expect(isTypoOf('spanein', 'spanien')).toBe(true);
  });
});

describe('index tokens', () => {
  it('joins a word with the number after it, nothing else', () => {
    expect(indexTokens('Pixel 8 Pro')).toEqual(['pixel', '8', 'pro', 'pixel8']);
    expect(indexTokens('iPhone 15 Pro Max')).toEqual(['iphone', '15', 'pro', 'max', 'iphone15']);
  });
});

describe('ranked index', () => {
  const docs = [
    'Galaxy S24',
    'Galaxy S24 Ultra',
    'Galaxy S23',
    'iPhone 15',
    'iPhone 15 Pro',
    'iPhone 15 Pro Max',
    'Pixel 8',
    'Pixel 8 Pro',
  ];
  const index = buildIndex(docs, { fields: ['name'], extract: (d) => d });

  it('ranks the exact name above longer ones', () => {
    expect(index.search('iphone 15 pro').slice(0, 2)).toEqual(['iPhone 15 Pro', 'iPhone 15 Pro Max']);
    expect(index.search('pixel 8')[0]).toBe('Pixel 8');
  });

  it('forgives typos in words but not in numbers', () => {
    expect(index.search('galxy s24')).toEqual(['Galaxy S24', 'Galaxy S24 Ultra']);
    expect(index.search('iphnoe 15')[0]).toBe('iPhone 15');
    expect(index.search('s25')).toEqual([]);
  });

  it('treats the last word as a prefix while typing', () => {
    expect(index.search('iphone 15 p')).toEqual(['iPhone 15 Pro', 'iPhone 15 Pro Max']);
    expect(index.search('pix')).toEqual(['Pixel 8', 'Pixel 8 Pro']);
  });

  it('falls back to partial matches when every word cannot match', () => {
    expect(index.search('pixel 99')).toEqual(['Pixel 8', 'Pixel 8 Pro']);
  });

  it('gives nothing for an empty query and honours the filter', () => {
    expect(index.search('  ')).toEqual([]);
    expect(index.search('galaxy', (d) => d.endsWith('Ultra'))).toEqual(['Galaxy S24 Ultra']);
  });
});

describe('swapped letters', () => {
  const index = buildIndex(['Spain', 'Sudan', 'Sweden'], { fields: ['name'], extract: (d) => d });
  it('prefers the word with two letters swapped over one two edits away', () => {
    expect(index.search('spian')[0]).toBe('Spain');
    expect(index.search('sduan')[0]).toBe('Sudan');
  });
});

describe('typos', () => {
  it('forgives in a word what the search forgives, a swapped pair counting as one', () => {
    expect(isTypoOf('ipone', 'iphone')).toBe(true);
    expect(isTypoOf('iphnoe', 'iphone')).toBe(true);
    expect(isTypoOf('samsnug', 'samsung')).toBe(true);
    expect(isTypoOf('galxy', 'galaxy')).toBe(true);
    expect(isTypoOf('nokia', 'honor')).toBe(false);
  });

  it('forgives nothing in numbers and short words', () => {
    expect(isTypoOf('3310', '3311')).toBe(false);
    expect(isTypoOf('s23', 's24')).toBe(false);
    expect(isTypoOf('mi', 'mi')).toBe(true);
    expect(isTypoOf('mix', 'max')).toBe(false);
  });
});
