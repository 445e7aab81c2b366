import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryPicker } from '../../../../../../renderer/src/counter/sell/CountryPicker.tsx';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import type { CountryOption } from '../../../../../../shared/catalog.ts';

// As the counter loads them (SCREEN_NAMESPACES): region names are in places.
const NS = ['sell', 'common', 'places'] as const;
const usd = (minor: number) => ({ minor, currency: 'USD' });

// As the catalogue sends them: the partner's English names in English order, then the regions.
const places: CountryOption[] = [
  { code: 'DE', name: 'Germany', packageCount: 3, fromPrice: usd(450) },
  { code: 'JP', name: 'Japan', packageCount: 1, fromPrice: usd(990) },
  { code: 'ES', name: 'Spain', packageCount: 2, fromPrice: usd(500) },
  { code: 'europe', name: 'Europe', kind: 'regional', packageCount: 4, fromPrice: usd(1200) },
  { code: 'atlantis-islands', name: 'Atlantis Islands', kind: 'regional', packageCount: 1, fromPrice: usd(2000) },
];

/** Each option's name and details, as the clerk reads them. */
function options(): string[] {
  const html = renderToStaticMarkup(
    <CountryPicker countries={{ status: 'ready', value: places }} selected={null} onSelect={() => {}} onRetry={() => {}} />,
  );
  return [...html.matchAll(/<li[^>]*role="option"[^>]*>(.*?)<\/li>/g)].map((m) =>
    m[1]!
      .replace(/<span class="flag"[^>]*>.*?<\/span>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('the country picker', () => {
  afterEach(() => showLanguage('en', NS));

  it('lists countries and regions with their packages and lowest price', async () => {
    await showLanguage('en', NS);
    expect(options()).toEqual([
      'Germany 3 packages · from $4.50',
      'Japan 1 package · from $9.90',
      'Spain 2 packages · from $5.00',
      'Europe Region · 4 packages · from $12.00',
      'Atlantis Islands Region · 1 package · from $20.00',
    ]);
  });

  it('names countries and known regions in the reader’s language, countries in its alphabetical order, an unknown region as the partner does', async () => {
    await showLanguage('de', NS);
    expect(options()).toEqual([
      'Deutschland 3 Pakete · ab 4,50 $',
      'Japan 1 Paket · ab 9,90 $',
      'Spanien 2 Pakete · ab 5,00 $',
      'Europa Region · 4 Pakete · ab 12,00 $',
      'Atlantis Islands Region · 1 Paket · ab 20,00 $',
    ]);
    await showLanguage('ja', NS);
    expect(options().map((o) => o.split(' ')[0])).toEqual(['スペイン', 'ドイツ', '日本', 'ヨーロッパ', 'Atlantis']);
  });

  it('is a combobox whose open listbox, no Tab stop, has the first place highlighted as its active descendant', async () => {
    await showLanguage('en', NS);
    const html = renderToStaticMarkup(
      <CountryPicker countries={{ status: 'ready', value: places }} selected="JP" onSelect={() => {}} onRetry={() => {}} />,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-label="Search countries"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="true"');
    const list = /<ul[^>]*>/.exec(html)![0];
    expect(list).toContain('role="listbox"');
    expect(list).toContain('tabindex="-1"');
    expect(list).not.toContain('hidden');
    const listId = /id="([^"]+)"/.exec(list)![1];
    expect(input).toContain(`aria-controls="${listId}"`);
    const options = [...html.matchAll(/<li([^>]*)role="option"([^>]*)>/g)].map((m) => m[1]! + m[2]!);
    expect(options).toHaveLength(places.length);
    const ids = options.map((o) => /id="([^"]+)"/.exec(o)![1]);
    expect(new Set(ids).size).toBe(places.length);
    expect(input).toContain(`aria-activedescendant="${ids[0]}"`);
    // Selected is the highlighted option (the one Enter picks), not the country chosen before.
    expect(options.map((o) => /aria-selected="(\w+)"/.exec(o)![1])).toEqual(['true', ...places.slice(1).map(() => 'false')]);
    // The live region is there from the start, empty until something is typed.
    expect(html).toContain('<p class="live-words" role="status"></p>');
  });

  it('is collapsed, with nothing active, while the countries load', async () => {
    await showLanguage('en', NS);
    const html = renderToStaticMarkup(
      <CountryPicker countries={{ status: 'loading' }} selected={null} onSelect={() => {}} onRetry={() => {}} />,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('aria-expanded="false"');
    expect(input).not.toContain('aria-activedescendant');
    expect(/<ul[^>]*>/.exec(html)![0]).toContain('hidden');
  });

  it('says how many places match in the clerk’s language, with its plurals', async () => {
    await showLanguage('en', NS);
    expect(i18n.t('sell:picker.matches', { count: 1 })).toBe('1 country');
    expect(i18n.t('sell:picker.matches', { count: 12 })).toBe('12 countries');
    await showLanguage('de', NS);
    expect(i18n.t('sell:picker.matches', { count: 12 })).toBe('12 Länder');
    await showLanguage('ar', NS);
    expect(i18n.t('sell:picker.matches', { count: 2 })).toBe('بلدان');
    expect(i18n.t('sell:picker.matches', { count: 5 })).toBe('5 بلدان');
    expect(i18n.t('sell:picker.matches', { count: 12 })).toBe('12 بلدًا');
  });

  it('puts what it is given beside the search between the search and the list (the Sell screen’s camera button)', () => {
    const html = renderToStaticMarkup(
      <CountryPicker
        countries={{ status: 'ready', value: places }}
        selected={null}
        onSelect={() => {}}
        onRetry={() => {}}
        beside={<button type="button">Scan with camera</button>}
      />,
    );
    const [search, button, list] = ['role="combobox"', '>Scan with camera<', 'role="listbox"'].map((part) => html.indexOf(part));
    expect(search).toBeGreaterThan(-1);
    expect(button).toBeGreaterThan(search!);
    expect(list).toBeGreaterThan(button!);
  });
});
