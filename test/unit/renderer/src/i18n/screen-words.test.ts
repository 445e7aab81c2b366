/**
 * The counter's screens load their words in the clerk's language at the start; the back office's
 * own come with its screens (and are not part of the start), and once here they follow a change of
 * language like the rest.
 */
import { describe, expect, it } from 'vitest';
import { i18n, loadBackOfficeWords, showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import { LAZY_ENGLISH, SCREEN_NAMESPACES } from '../../../../../renderer/src/i18n/locales/en/index.ts';

const backOffice = Object.keys(LAZY_ENGLISH);

describe('the screens’ words', () => {
  it('leaves the back office’s words out of the start, and brings them into a new language once loaded', async () => {
    expect(SCREEN_NAMESPACES.filter((ns) => backOffice.includes(ns))).toEqual([]);
    await showLanguage('fr', SCREEN_NAMESPACES);
    expect(backOffice.filter((ns) => i18n.hasResourceBundle('en', ns) || i18n.hasResourceBundle('fr', ns))).toEqual([]);
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(true);

    await loadBackOfficeWords();
    expect(backOffice.every((ns) => i18n.hasResourceBundle('fr', ns))).toBe(true);
    await showLanguage('de', SCREEN_NAMESPACES);
    expect(backOffice.filter((ns) => !i18n.hasResourceBundle('de', ns))).toEqual([]);
    expect(i18n.t('audit:heading', { lng: 'de' })).toBe('Prüfprotokoll');
    await showLanguage('en', SCREEN_NAMESPACES);
  });
});
