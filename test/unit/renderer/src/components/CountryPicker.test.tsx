import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryPicker } from '../../../../../renderer/src/components/CountryPicker.tsx';
import { showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import type { CountryOption } from '../../../../../shared/catalog.ts';

const NS = ['sell', 'common'] as const;
const usd = (minor: number) => ({ minor, currency: 'USD' });

// As the catalogue sends them: the partner's English names in English order, then the regions.
const places: CountryOption[] = [
  { code: 'DE', name: 'Germany', packageCount: 3, fromPrice: usd(450) },
  { code: 'JP', name: 'Japan', packageCount: 1, fromPrice: usd(990) },
  { code: 'ES', name: 'Spain', packageCount: 2, fromPrice: usd(500) },
  { code: 'europe', name: 'Europe', kind: 'regional', packageCount: 4, fromPrice: usd(1200) },
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
    ]);
  });

  it('names countries in the reader’s language and in its alphabetical order, regions as the partner does', async () => {
    await showLanguage('de', NS);
    expect(options()).toEqual([
      'Deutschland 3 Pakete · ab 4,50 $',
      'Japan 1 Paket · ab 9,90 $',
      'Spanien 2 Pakete · ab 5,00 $',
      'Europe Region · 4 Pakete · ab 12,00 $',
    ]);
    await showLanguage('ja', NS);
    expect(options().map((o) => o.split(' ')[0])).toEqual(['スペイン', 'ドイツ', '日本', 'Europe']);
  });
});
