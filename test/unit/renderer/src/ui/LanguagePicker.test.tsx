import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguagePicker } from '../../../../../renderer/src/ui/LanguagePicker.tsx';
import { showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import { systemLanguage } from '../../../../../renderer/src/i18n/language.ts';
import { endonym } from '../../../../../shared/languages.ts';

const render = (value: string | null) => renderToStaticMarkup(<LanguagePicker value={value} onChange={() => {}} />);

/** What the closed picker shows: the text of its visible label. */
const shown = (html: string) => /<span class="language-current"[^>]*>(.*?)<\/span>/.exec(html)?.[1];

describe('the language picker', () => {
  afterEach(() => showLanguage('en', ['common']));

  it('shows only the chosen language’s own name, in that language, with the whole list behind it', () => {
    const html = render('ja');
    expect(shown(html)).toBe('日本語');
    expect(html).toContain('lang="ja"');
    expect(html).toContain('title="日本語"');
    expect(html).toMatch(/<select class="language-select" aria-label="Language">/);
    expect(html).toMatch(/<option value="ja" lang="ja" selected="">日本語<\/option>/);
    expect([...html.matchAll(/<option /g)]).toHaveLength(10);
  });

  it('following this computer, shows the computer’s language and says so in its title', () => {
    const html = render(null);
    const system = endonym(systemLanguage());
    expect(shown(html)).toBe(system);
    expect(html).toContain(`title="As this computer (${system})"`);
    expect(html).toMatch(/<option value="" selected="">As this computer/);
  });

  it('words the title in the reader’s language', async () => {
    await showLanguage('de', ['common']);
    expect(render(null)).toContain(`title="Wie dieser Computer (${endonym(systemLanguage())})"`);
  });
});
