import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { CloseCount } from '../../../../../../renderer/src/backoffice/close/CloseCount.tsx';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { OpenTakings } from '../../../../../../shared/reports.ts';

/** A drawer expected to hold dollars and Central African francs (which have no table of notes and coins). */
const open: OpenTakings = {
  sales: 2,
  topups: 0,
  vouchers: 0,
  expected: [
    { method: 'cash', currency: 'USD', minor: 1200 },
    { method: 'cash', currency: 'XAF', minor: 5000 },
  ],
  expectedCash: [
    { minor: 1200, currency: 'USD' },
    { minor: 5000, currency: 'XAF' },
  ],
  float: [],
  reasonAbove: null,
  lines: [],
  basis: '0'.repeat(64),
};

const text = () =>
  renderToStaticMarkup(
    <CloseCount open={open} heading="Count the cash" action="Close the day" question="Close?" blockedBy={null} />,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the cash count at the close', () => {
  afterEach(() => useStore.setState({ info: null }));

  it('offers notes and coins for a currency with a table, and says a total is typed for one without', async () => {
    await showLanguage('en', ['close', 'common', 'manager']);
    useStore.setState({ info: { timeZone: 'UTC', locale: 'en-US' } as AppInfo });
    const shown = text();
    expect(shown.match(/Count by notes and coins/g)).toHaveLength(1);
    expect(shown).toContain('Notes and coins of XAF are not listed: type the total counted.');
    expect(shown).toContain('Counted cash (USD)');
    expect(shown).toContain('Counted cash (XAF)');
  });

  it('says so in the manager’s language', async () => {
    await showLanguage('de', ['close', 'common', 'manager']);
    expect(text()).toContain('Scheine und Münzen in XAF sind nicht hinterlegt: Geben Sie die gezählte Summe ein.');
    expect(text()).toContain('Nach Scheinen und Münzen zählen');
  });
});
