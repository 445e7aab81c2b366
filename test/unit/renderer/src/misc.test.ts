import { describe, expect, it } from 'vitest';
import { isDisplayRoute } from '../../../../renderer/src/route.ts';
import { describeSaleFailure } from '../../../../renderer/src/errors.ts';
import { LANGUAGES, WORDS } from '../../../../renderer/src/i18n/install.ts';

describe('isDisplayRoute', () => {
  it('knows the browser-mode route and the Electron hash', () => {
    expect(isDisplayRoute({ pathname: '/display', hash: '' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/index.html', hash: '#/display' })).toBe(true);
    expect(isDisplayRoute({ pathname: '/', hash: '' })).toBe(false);
    expect(isDisplayRoute({ pathname: '/displays', hash: '' })).toBe(false);
  });
});

describe('describeSaleFailure', () => {
  it('words the partner codes a counter meets and keeps the service’s text as detail', () => {
    const out = describeSaleFailure({ code: 'partner_34', reason: 'Out of stock.' });
    expect(out.words).toMatch(/Choose another package/);
    expect(out.detail).toBe('Out of stock.');
  });
  it('falls back to the backend’s reason', () => {
    expect(describeSaleFailure({ code: 'validation', reason: 'SIM quantity is not available.' })).toEqual({
      words: 'SIM quantity is not available.',
      detail: null,
    });
  });
});

describe('install words', () => {
  it('has the same number of steps in every language', () => {
    for (const { code } of LANGUAGES) expect(WORDS[code].steps).toHaveLength(WORDS.en.steps.length);
  });
});
