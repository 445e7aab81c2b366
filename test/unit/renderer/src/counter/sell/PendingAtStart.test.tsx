import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingAtStartNotice } from '../../../../../../renderer/src/counter/sell/PendingAtStart.tsx';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';

const NS = ['sell', 'common'] as const;

let shown: Parameters<typeof PendingAtStartNotice>[0]['summary'] | null = null;

/** What the clerk reads: the markup without its tags. */
const text = () =>
  renderToStaticMarkup(<PendingAtStartNotice summary={shown!} onDismiss={() => undefined} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function summary(counts: { completed?: number; notSent?: number; notFound?: number; stillUncertain?: number }) {
  const parts = { completed: 0, notSent: 0, notFound: 0, stillUncertain: 0, ...counts };
  const checked = parts.completed + parts.notSent + parts.notFound + parts.stillUncertain;
  // The store's clock and hour cycle: Berlin, 24 hours, whatever this machine's.
  useStore.setState({ info: { timeZone: 'Europe/Berlin', locale: 'de-DE' } as AppInfo });
  shown = { ...parts, checked, settledAt: '2026-11-24T08:05:00.000Z' };
}

describe('the summary of sales a restart found unfinished', () => {
  afterEach(async () => {
    useStore.setState({ info: null });
    await showLanguage('en', NS);
  });

  it('counts each group with its own plural, on the store’s clock', async () => {
    await showLanguage('en', NS);
    summary({ completed: 1, stillUncertain: 2 });
    expect(text()).toBe(
      'When the app started at 09:05, 3 sales were unfinished. Of these, 1 was completed: the eSIM is in History; 2 are still being checked. Open History Understood',
    );
    summary({ notSent: 1 });
    expect(text()).toContain('1 sale was unfinished. Of these, 1 was never sent: nothing was charged.');
  });

  it('says it in the clerk’s language', async () => {
    await showLanguage('de', NS);
    summary({ completed: 2, notFound: 1 });
    expect(text()).toBe(
      'Beim Start der App um 09:05 waren 3 Verkäufe unvollständig. Davon: 2 wurden abgeschlossen – die eSIM ist im Verlauf; 1 ist dem eSIM-Dienst unbekannt – nichts berechnet. Verlauf öffnen Verstanden',
    );
    await showLanguage('ar', NS);
    summary({ completed: 1, stillUncertain: 1 });
    expect(text()).toContain('كانت هناك عمليتا بيع غير مكتملتين');
    expect(text()).toContain('واحدة اكتملت');
  });
});
