import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuButton, NavRail, SkipLink } from '../../../../../renderer/src/shell/NavMenu.tsx';
import { showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import type { ScreenEntry } from '../../../../../renderer/src/nav.ts';

const Nothing = () => null;
const entries: ScreenEntry[] = [
  { id: 'sell', role: 'clerk', component: Nothing },
  { id: 'topup', role: 'clerk', component: Nothing },
  { id: 'audit', role: 'manager', component: Nothing },
];
const rail = (open: boolean) =>
  renderToStaticMarkup(
    <NavRail
      entries={entries}
      currentId="topup"
      open={open}
      onClose={() => {}}
      account={<button type="button">Sign out</button>}
    />,
  );
const button = (open: boolean) => renderToStaticMarkup(<MenuButton open={open} onToggle={() => {}} onEscape={() => {}} />);

describe('the navigation menu', () => {
  afterEach(() => showLanguage('en', ['common']));

  it('is a button that says whether the rail it controls is shown', () => {
    expect(button(false)).toMatch(/<button [^>]*aria-expanded="false" aria-controls="main-nav"[^>]*>.*Menu<\/button>/);
    expect(button(true)).toContain('aria-expanded="true"');
    expect(rail(false)).toMatch(/^<nav id="main-nav" class="sidebar" aria-label="Main">/);
    expect(rail(true)).toMatch(/^<nav id="main-nav" class="sidebar open"/);
  });

  it('carries the account’s controls only while open, after the screens', () => {
    expect(rail(false)).not.toContain('Sign out');
    expect(rail(true)).toMatch(/Audit log<\/a><button type="button">Sign out<\/button><\/nav>$/);
  });

  it('lists every screen given, the open one marked as the current page, each with its shortcut', () => {
    const html = rail(false);
    expect([...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1])).toEqual(['Sell', 'Top up', 'Audit log']);
    expect(html).toMatch(/<a class="nav-item active" aria-current="page" href="#topup" aria-keyshortcuts="Alt\+2"/);
    expect(html).not.toMatch(/href="#sell"[^>]*aria-current/);
  });

  it('words the menu and the skip link in the reader’s language', async () => {
    await showLanguage('de', ['common']);
    expect(button(false)).toContain('Menü</button>');
    expect(renderToStaticMarkup(<SkipLink />)).toBe('<a class="skip-link" href="#content">Zum Hauptinhalt springen</a>');
  });
});
