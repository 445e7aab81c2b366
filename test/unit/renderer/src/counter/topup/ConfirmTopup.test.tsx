import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmTopup, type TopupCheckout } from '../../../../../../renderer/src/counter/topup/ConfirmTopup.tsx';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { TopupOffer, TopupView } from '../../../../../../shared/sales.ts';

const noop = () => undefined;
const checkout = (days: number): TopupCheckout => ({
  topupId: 't1',
  iccid: '8944601000000001021',
  luhnValid: true,
  offer: { id: 'top-1', dataText: '1 GB', days, title: 'Top-up 1 GB', retail: { minor: 500, currency: 'USD' } } as TopupOffer,
  paymentMethod: 'cash',
  checksumConfirmed: false,
});

/** What a clerk reads: the markup without its tags. */
function text(topup: TopupView | null, days = 7): string {
  return (
    renderToStaticMarkup(
      <ConfirmTopup
        checkout={checkout(days)}
        topup={topup}
        error={null}
        busy={false}
        blocked={false}
        onChange={noop}
        onConfirm={noop}
        onBack={noop}
        onRetry={noop}
        onCheck={noop}
      />,
    )
      .replace(/<[^>]+>/g, ' ')
      // Non-breaking spaces too: \s matches them.
      .replace(/\s+/g, ' ')
  );
}

const store = (info: Partial<AppInfo>) => useStore.setState({ info: info as AppInfo });

afterEach(async () => {
  useStore.setState({ info: null });
  await i18n.changeLanguage('en');
});

describe('ConfirmTopup in the reader’s language', () => {
  it('says a day or days, and the price as the language writes it', async () => {
    store({ timeZone: 'Europe/Berlin', locale: 'de-DE' });
    expect(text(null, 1)).toContain('1 GB · 1 day');
    expect(text(null, 7)).toContain('1 GB · 7 days');
    expect(text(null)).toContain('Top up for $5.00');

    await showLanguage('de', ['topup', 'common']);
    expect(text(null, 1)).toContain('1 GB · 1 Tag');
    expect(text(null, 7)).toContain('Aufladung bestätigen');
    expect(text(null, 7)).toContain('1 GB · 7 Tage');
    expect(text(null)).toContain('Für 5,00 $ aufladen');
  });

  it('says until when to wait on the store’s clock: 12-hour in a US store, 24-hour in a German one', async () => {
    const until = new Date(Date.now() + 10 * 60_000);
    const limited = {
      id: 't1',
      status: 'failed',
      retryAfter: until.toISOString(),
      failure: { code: 'rate_limited', reason: 'Wait.', retryAfterSeconds: 600 },
    } as TopupView;

    store({ timeZone: 'America/New_York', locale: 'en-US' });
    expect(text(limited)).toMatch(/Try again at \d{1,2}:\d\d\s(AM|PM)/);

    store({ timeZone: 'Europe/Berlin', locale: 'de-DE' });
    await showLanguage('de', ['topup', 'common']);
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
      until,
    );
    expect(text(limited)).toContain(`Der eSIM-Dienst hat uns gebeten, bis ${berlin} zu warten.`);
    expect(text(limited)).toContain(`Erneut versuchen um ${berlin}`);
  });
});
