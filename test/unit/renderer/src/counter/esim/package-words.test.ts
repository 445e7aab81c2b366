import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../../../../electron/sandbox/catalogue.ts';
import { CUSTOMER_LANGUAGES } from '../../../../../../shared/languages.ts';
import {
  coverageWords,
  dataWords,
  daysWords,
  packageWords,
  placeName,
  placeWords,
} from '../../../../../../renderer/src/counter/esim/package-words.ts';
import { paymentWords } from '../../../../../../renderer/src/counter/sell/checkout.ts';
import { formatsFor } from '../../../../../../renderer/src/i18n/format.ts';
import { loadNamespaces, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';

const NS = ['common', 'places'] as const;
const LOCALES = path.resolve(import.meta.dirname, '../../../../../../renderer/src/i18n/locales');

describe('a package in the reader’s words', () => {
  afterAll(() => showLanguage('en', NS));

  it('keeps English as the partner and the tests write it', async () => {
    await showLanguage('en', NS);
    const f = formatsFor('en', 'UTC', 'en-US');
    expect(packageWords('5 GB', 30, f)).toBe('5 GB · 30 days');
    expect(packageWords('500 MB', 1, f)).toBe('500 MB · 1 day');
    expect(dataWords('Unlimited', f)).toBe('Unlimited');
    expect(dataWords('1.5 GB', f)).toBe('1.5 GB');
  });

  it('writes amounts, units and day plurals as each language does', async () => {
    await showLanguage('de', NS);
    expect(packageWords('1.5 GB', 1, formatsFor('de', 'UTC', 'de-DE'))).toBe('1,5 GB · 1 Tag');
    expect(daysWords(30)).toBe('30 Tage');
    expect(dataWords('Unlimited')).toBe('Unbegrenzt');
    await showLanguage('fr', NS);
    expect(packageWords('500 MB', 7, formatsFor('fr', 'UTC', 'fr-FR'))).toBe('500 Mo · 7 jours');
    await showLanguage('ja', NS);
    expect(daysWords(1)).toBe('1日間');
    expect(daysWords(30)).toBe('30日間');
    await showLanguage('ar', NS);
    // Arabic has six plural forms: one, two, 3–10, 11–99 and the rest read differently.
    expect([1, 2, 5, 15, 100].map(daysWords)).toEqual(['يوم واحد', 'يومان', '5 أيام', '15 يومًا', '100 يوم']);
    expect(paymentWords('cash')).toBe('نقدًا');
  });

  it('shows what it cannot read as the partner sent it', async () => {
    await showLanguage('de', NS);
    expect(dataWords('2 GB/day', formatsFor('de', 'UTC', 'de-DE'))).toBe('2 GB/day');
  });

  it('names countries by their code, and the regions it knows by their id, in the reader’s language', async () => {
    await showLanguage('de', NS);
    const f = formatsFor('de', 'UTC', 'de-DE');
    expect(coverageWords({ kind: 'local', countries: ['JP'], coverageName: 'Japan', region: null }, f)).toBe('Japan');
    expect(coverageWords({ kind: 'local', countries: ['ES'], coverageName: 'Spain', region: null }, f)).toBe('Spanien');
    // A package card of a region or the world: the region's name, as the picker says it.
    expect(coverageWords({ kind: 'regional', countries: ['ES', 'FR'], coverageName: 'Europe', region: 'europe' }, f)).toBe(
      'Europa',
    );
    expect(coverageWords({ kind: 'global', countries: ['ES'], coverageName: 'Discover Global', region: 'world' }, f)).toBe(
      'Weltweit',
    );
    expect(coverageWords({ kind: 'regional', countries: ['LT'], coverageName: 'Baltic Explorer', region: 'baltics' }, f)).toBe(
      'Baltic Explorer',
    );
    expect(placeWords({ code: 'GB', name: 'United Kingdom' }, f)).toBe('Vereinigtes Königreich');
    // A region the counter knows by its id is in the reader's language; another keeps the partner's name.
    expect(placeWords({ code: 'europe', name: 'Europe', kind: 'regional' }, f)).toBe('Europa');
    expect(placeWords({ code: 'eu-plus-uk', name: 'Europe + UK', kind: 'regional' }, f)).toBe('Europa + Vereinigtes Königreich');
    expect(placeWords({ code: 'africa', name: 'Africa', kind: 'regional' }, f)).toBe('Afrika');
    expect(placeWords({ code: 'world', name: 'Discover Global', kind: 'global' }, f)).toBe('Weltweit');
    expect(placeWords({ code: 'baltics', name: 'Baltic Explorer', kind: 'regional' }, f)).toBe('Baltic Explorer');
    await showLanguage('ja', NS);
    expect(placeWords({ code: 'africa', name: 'Africa', kind: 'regional' }, formatsFor('ja', 'UTC', 'ja-JP'))).toBe('アフリカ');
  });

  it('names a region for the customer in the display’s or the paper’s language, whatever the counter’s', async () => {
    await showLanguage('de', NS);
    await loadNamespaces('ko', ['places']);
    const f = formatsFor('ko', 'UTC', 'de-DE');
    expect(placeName({ countryCode: null, coverageName: 'Asia', region: 'asia' }, f, 'ko')).toBe('아시아');
    expect(placeName({ countryCode: 'JP', coverageName: 'Japan', region: null }, f, 'ko')).toBe('일본');
    expect(placeName({ countryCode: null, coverageName: 'Baltic Explorer', region: 'baltics' }, f, 'ko')).toBe('Baltic Explorer');
  });

  it('has a name for every region the sandbox sells, in every language a screen, display or paper is in', () => {
    const slugs = buildCatalogue(1)
      .entries.filter((entry) => entry.countryCode === '' && !entry.hidden)
      .map((entry) => entry.slug);
    expect(slugs).toContain('world');
    for (const language of CUSTOMER_LANGUAGES) {
      const { regions } = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'places.json'), 'utf8')) as {
        regions: Record<string, string>;
      };
      for (const slug of slugs) expect(regions[slug]?.trim(), `${language}: ${slug}`).toBeTruthy();
    }
  });
});
