import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvironmentBanner } from '../../../../../renderer/src/shell/EnvironmentBanner.tsx';
import { showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, '|');

describe('the practice strip', () => {
  afterEach(() => showLanguage('en', ['common']));

  it('says nothing in Production', () => {
    expect(renderToStaticMarkup(<EnvironmentBanner environment="production" />)).toBe('');
  });

  it('carries Demo’s whole sentence and its short wording for narrow windows, the mark leading both', async () => {
    await showLanguage('fr', ['common']);
    const html = renderToStaticMarkup(<EnvironmentBanner environment="demo" />);
    expect(html).toContain('class="env-long"');
    expect(html).toContain('class="env-short"');
    expect(text(html)).toContain('|DEMO — entraînement uniquement : aucune vraie eSIM, aucun débit|');
    expect(text(html)).toContain('|DEMO — entraînement uniquement|');
  });

  it('keeps the partner sandbox’s warning whole', async () => {
    await showLanguage('en', ['common']);
    const html = renderToStaticMarkup(<EnvironmentBanner environment="partner_sandbox" />);
    expect(html).not.toContain('env-short');
    expect(html).toContain('do not work on phones');
  });
});
