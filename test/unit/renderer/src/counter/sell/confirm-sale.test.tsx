import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ConfirmSale } from '../../../../../../renderer/src/counter/sell/ConfirmSale.tsx';
import type { Checkout } from '../../../../../../renderer/src/counter/sell/checkout.ts';
import { ConfirmTopup, type TopupCheckout } from '../../../../../../renderer/src/counter/topup/ConfirmTopup.tsx';
import type { PackageOffer } from '../../../../../../shared/catalog.ts';
import type { SaleView, TopupOffer, TopupView } from '../../../../../../shared/sales.ts';
import { formatsFor } from '../../../../../../renderer/src/i18n/format.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';

const offer = {
  id: 'jp-1',
  dataText: '5 GB',
  days: 30,
  operator: 'Willow Cell',
  coverageName: 'Japan',
  retail: { minor: 1650, currency: 'USD' },
} as PackageOffer;
const checkout: Checkout = { saleId: 's1', offer, quantity: 2, paymentMethod: 'card', email: '', destination: null };
const noop = () => undefined;

function render(sale: SaleView | null, blocked = false): string {
  return renderToStaticMarkup(
    <ConfirmSale
      checkout={checkout}
      sale={sale}
      error={null}
      busy={false}
      blocked={blocked}
      check={{ busy: false, at: null }}
      onConfirm={noop}
      onBack={noop}
      onRetry={noop}
      onCheck={noop}
      onOtherPackage={noop}
      onSetAside={noop}
    />,
  );
}

/** What a clerk reads: the markup without its tags. */
const text = (sale: SaleView | null) =>
  render(sale)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const view = (status: SaleView['status'], failure: SaleView['failure']) =>
  ({ id: 's1', reference: 'EC-20260101-ABCD', status, failure }) as SaleView;

describe('ConfirmSale words', () => {
  it('says once that the service has no order, without the backend’s reason repeating it', () => {
    const out = text(
      view('not_found', {
        code: 'not_found',
        reason: 'The eSIM service has no order for this. Nothing was charged; it can be sent again.',
      }),
    );
    expect(out.match(/has no order for this/g)).toHaveLength(1);
    expect(out).toContain('Send again');
  });

  it('offers no Try again for a sold-out package, and says "choose another package" only on its button', () => {
    const out = text(
      view('failed', { code: 'sold_out', reason: 'This package is sold out at the moment. Nothing was charged.' }),
    );
    expect(out).not.toContain('Try again');
    expect(out.match(/choose another package/gi)).toHaveLength(1);
  });

  it('keeps Try again for a refusal that may pass next time, and disables it and Sell while sales are paused', () => {
    const failed = view('failed', { code: 'maintenance', reason: 'Maintenance.' });
    expect(render(failed)).toMatch(/<button type="button" class="button secondary">Try again<\/button>/);
    expect(render(failed, true)).toMatch(/<button type="button" class="button secondary" disabled="">Try again<\/button>/);
    expect(render(null, true)).toMatch(/<button[^>]*disabled=""[^>]*>Sell for/);
    expect(render(null)).not.toMatch(/<button[^>]*disabled=""[^>]*>Sell for/);
  });
});

describe('ConfirmSale in the clerk’s language', () => {
  afterEach(async () => {
    useStore.setState({ info: null });
    await showLanguage('en', ['sell', 'common']);
  });

  it('words the package, the payment and the amounts as the language does', async () => {
    await showLanguage('de', ['sell', 'common']);
    const out = text(null);
    expect(out).toContain('Paket 5 GB · 30 Tage (Willow Cell)');
    expect(out).toContain('Gilt in Japan');
    expect(out).toContain('Bezahlt mit Karte');
    expect(out).toContain('Gesamt 33,00 $');
    expect(out).toContain('Für 33,00 $ verkaufen Enter');
    await showLanguage('ar', ['sell', 'common']);
    expect(text(null)).toContain('الإجمالي');
    expect(text(null)).toContain('30 يومًا');
  });

  it('says when to try again on the store’s 12- or 24-hour clock, in the clerk’s words', async () => {
    await showLanguage('de', ['sell', 'common']);
    useStore.setState({ info: { timeZone: 'America/New_York', locale: 'en-US' } as AppInfo });
    const until = new Date(Date.now() + 7 * 60_000).toISOString();
    const sale = { ...view('failed', { code: 'rate_limited', reason: 'Wait.' }), retryAfter: until } as SaleView;
    const at = formatsFor('de', 'America/New_York', 'en-US').time(until);
    expect(at).toMatch(/[AP]M$/);
    expect(text(sale)).toContain(`Der eSIM-Dienst hat uns gebeten, bis ${at} zu warten.`);
    expect(text(sale)).toContain(`Erneut versuchen um ${at}`);
  });
});

describe('ConfirmSale after a 429', () => {
  afterEach(() => useStore.setState({ info: null }));

  const limited = (retryAfter: string | null) =>
    ({
      ...view('failed', {
        code: 'rate_limited',
        reason: 'The eSIM service asked us to wait before sending more. Nothing was ordered or charged.',
      }),
      retryAfter,
    }) as SaleView;

  it('says until when the service asked us to wait, and keeps Try again off until then', () => {
    // The store's clock, whatever this machine's zone: Kathmandu's +5:45 differs from every test machine's.
    // Its locale's hour cycle too: a British store reads 24 hours, whatever this machine's locale.
    useStore.setState({ info: { timeZone: 'Asia/Kathmandu', locale: 'en-GB' } as AppInfo });
    const until = new Date(Date.now() + 7 * 60_000);
    const hhmm = formatsFor('en', 'Asia/Kathmandu', 'en-GB').time(until);
    expect(hhmm).toMatch(/^\d\d:\d\d$/);
    expect(text(limited(until.toISOString()))).toContain(`The eSIM service asked us to wait until ${hhmm}.`);
    expect(render(limited(until.toISOString()))).toMatch(
      new RegExp(`<button type="button" class="button secondary" disabled="">Try again at ${hhmm}</button>`),
    );
  });

  it('offers Try again once the moment has passed', () => {
    const past = new Date(Date.now() - 1000).toISOString();
    for (const sale of [limited(past), limited(null)]) {
      expect(render(sale)).toMatch(/<button type="button" class="button secondary">Try again<\/button>/);
      expect(text(sale)).not.toContain('wait until');
    }
  });
});

const topupCheckout: TopupCheckout = {
  topupId: 't1',
  iccid: '8944601000000001021',
  luhnValid: true,
  offer: { id: 'top-1', dataText: '1 GB', days: 7, retail: { minor: 500, currency: 'USD' } } as TopupOffer,
  paymentMethod: 'cash',
  checksumConfirmed: false,
};

function renderTopup(topup: TopupView | null, blocked = false): string {
  return renderToStaticMarkup(
    <ConfirmTopup
      checkout={topupCheckout}
      topup={topup}
      error={null}
      busy={false}
      blocked={blocked}
      onChange={noop}
      onConfirm={noop}
      onBack={noop}
      onRetry={noop}
      onCheck={noop}
    />,
  );
}

describe('ConfirmTopup words', () => {
  it('says once that the service has no order, without the backend’s reason repeating it', () => {
    const html = renderTopup({
      id: 't1',
      reference: 'TU-20260101-ABCD',
      status: 'not_found',
      failure: {
        code: 'not_found',
        reason: 'The eSIM service has no order for this. Nothing was charged; it can be sent again.',
      },
    } as TopupView);
    expect(html.match(/has no order for this/g)).toHaveLength(1);
  });

  it('after a 429 says until when, and keeps Try again off until then', () => {
    // A store on the 24-hour clock, whatever this machine's locale.
    useStore.setState({ info: { timeZone: 'UTC', locale: 'en-GB' } as AppInfo });
    onTestFinished(() => useStore.setState({ info: null }));
    const until = new Date(Date.now() + 120_000).toISOString();
    const html = renderTopup({
      id: 't1',
      status: 'failed',
      retryAfter: until,
      failure: { code: 'rate_limited', reason: 'The eSIM service asked us to wait.', retryAfterSeconds: 120 },
    } as TopupView);
    expect(html).toContain('asked us to wait until');
    expect(html).toMatch(/<button type="button" class="button primary big" disabled="">Try again at \d\d:\d\d<\/button>/);
  });

  it('keeps Top up off while selling is blocked, and on otherwise', () => {
    expect(renderTopup(null, true)).toMatch(/<button[^>]*disabled=""[^>]*>Top up for/);
    expect(renderTopup(null)).not.toMatch(/<button[^>]*disabled=""[^>]*>Top up for/);
  });
});
