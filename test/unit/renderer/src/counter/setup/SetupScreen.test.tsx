import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStoreLocale } from '../../../../../../renderer/src/counter/setup/StoreLocaleSelect.tsx';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { SetupScreen } from '../../../../../../renderer/src/counter/setup/SetupScreen.tsx';

const NS = ['setup', 'common', 'signin'] as const;

const render = () => renderToStaticMarkup(<SetupScreen environment="production" />);
const text = (html: string) =>
  html
    .replace(/<option[^>]*>.*?<\/option>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('first-run setup', () => {
  afterEach(() => showLanguage('en', NS));

  it('asks for the store, its clock and its owner, in English as the tests read it', async () => {
    await showLanguage('en', NS);
    const out = text(render());
    for (const words of [
      'Set up this counter',
      'This is the first start on Production: real eSIMs, real money. Nobody is on file yet',
      'Store name',
      'Time zone (the store’s days are counted in it)',
      'Currency',
      'Clock and date format',
      'Your name',
      'PIN (4–8 digits)',
      'The same PIN again',
      'Set up the counter',
    ])
      expect(out).toContain(words);
  });

  it('offers the store’s locale, starting at this computer’s, each with its clock', async () => {
    await showLanguage('en', NS);
    const html = render();
    const chosen = new RegExp(`<option value="${defaultStoreLocale()}" selected="">`);
    expect(html).toMatch(chosen);
    expect(html).toMatch(/<option value="en-GB">English \(United Kingdom\) — 14:05<\/option>/);
    expect(html).toMatch(/<option value="EUR">EUR — Euro<\/option>/);
  });

  it('speaks the owner’s language', async () => {
    await showLanguage('de', NS);
    const html = render();
    expect(text(html)).toContain('Dies ist der erste Start im Echtbetrieb: echte eSIMs, echtes Geld.');
    expect(text(html)).toContain('Uhrzeit- und Datumsformat');
    expect(html).toMatch(/<option value="ja-JP">Japanisch \(Japan\) — 14:05<\/option>/);
    expect(html).toMatch(/<option value="EUR">EUR — Euro<\/option>/);
    expect(html).toMatch(/<option value="USD"[^>]*>USD — US-Dollar<\/option>/);
  });
});
