import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { DisplayState } from '../../../../../shared/display.ts';
import type { SaleView, TopupOptions, TopupView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let offer: PackageOffer;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('chris', 'Chris Clerk', 'clerk');
  await test.addStaff('dana', 'Dana Clerk', 'clerk');
  await signIn('chris');
  offer = (await call<PackageOffer[]>('catalog.packages', { country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

const shown = () => call<DisplayState>('display.current');
const showOffer = () => call<DisplayState>('display.show', { kind: 'offer', packageId: offer.id, quantity: 1 });

describe('the customer display and the counter’s session', () => {
  it('goes back to the welcome when the counter is locked, signed out or taken over, whatever the window does', async () => {
    expect((await showOffer()).kind).toBe('offer');
    await call('session.lock');
    expect(await shown()).toMatchObject({ kind: 'idle', practice: 'TRAINING' });

    await signIn('chris');
    await showOffer();
    await call('session.signOut');
    expect((await shown()).kind).toBe('idle');

    await signIn('chris');
    await showOffer();
    // Dana signs in over Chris's session: Chris's offer is not hers to show.
    await signIn('dana');
    expect((await shown()).kind).toBe('idle');
  });

  it('shows a top-up’s own package and price, and then that it is done', async () => {
    await signIn('chris');
    const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    const iccid = sale.esims[0]!.iccid;
    await showOffer();
    const options = await call<TopupOptions>('topups.options', { iccid });
    const picked = options.offers[0]!;
    // The display takes the options the clerk just read: the service is not asked again (here it could not answer).
    await ts.control.fault({ match: { path: '^/v2/sims/.*/topups' }, kind: 'status', status: 503, times: 50 });
    await expect(call('topups.options', { iccid })).rejects.toMatchObject({ error: { code: expect.any(String) } });
    const topupShown = await call<DisplayState>('display.show', { kind: 'topup', iccid, packageId: picked.id });
    expect(topupShown).toEqual({
      kind: 'topup',
      practice: 'TRAINING',
      customerLanguage: 'en',
      iccidTail: iccid.slice(-5),
      dataText: picked.dataText,
      days: picked.days,
      price: picked.retail,
    });
    await expect(call('display.show', { kind: 'topup', iccid, packageId: 'no-such-topup' })).rejects.toMatchObject({
      error: { code: 'not_found' },
    });

    await ts.control.clearFaults();
    const topup = await call<TopupView>('topups.create', { iccid, packageId: picked.id, paymentMethod: 'card' });
    expect(topup.status).toBe('completed');
    expect(await call<DisplayState>('display.show', { kind: 'topup_done', topupId: topup.id })).toMatchObject({
      kind: 'topup_done',
      iccidTail: iccid.slice(-5),
      dataText: topup.packageData,
      days: topup.packageDays,
    });
  });
});

describe('a basket on the customer display', () => {
  it('shows each line at the backend’s price (a package’s eSIMs, a top-up by its eSIM’s last digits) and the total', async () => {
    await signIn('chris');
    const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    const iccid = sale.esims[0]!.iccid;
    const topup = (await call<TopupOptions>('topups.options', { iccid })).offers[0]!;
    const shownBasket = await call<DisplayState>('display.show', {
      kind: 'basket',
      lines: [
        { packageId: offer.id, quantity: 3 },
        { iccid, packageId: topup.id },
      ],
    });
    expect(shownBasket).toMatchObject({
      kind: 'basket',
      lines: [
        {
          package: { dataText: offer.dataText, days: offer.days, countryCode: 'DE' },
          quantity: 3,
          price: { minor: offer.retail.minor * 3, currency: offer.retail.currency },
          iccidTail: null,
        },
        { package: { dataText: topup.dataText, days: topup.days }, quantity: 1, price: topup.retail, iccidTail: iccid.slice(-5) },
      ],
      total: [{ minor: offer.retail.minor * 3 + topup.retail.minor, currency: offer.retail.currency }],
    });
    // A line the catalogue no longer has is refused in words; what was shown stays.
    await expect(
      call('display.show', { kind: 'basket', lines: [{ packageId: 'no-such-package', quantity: 1 }] }),
    ).rejects.toMatchObject({ error: { code: 'not_found', reason: 'package_no_longer_offered' } });
    expect((await shown()).kind).toBe('basket');
  });
});

describe('the customer’s language at the display', () => {
  it('is the display’s to set, without a session, and goes back to the store’s at idle for the next customer', async () => {
    // A store in English, whatever this machine's locale.
    await signIn('manager');
    await call('settings.update', { locale: 'en-GB' });
    await signIn('chris');
    await call('display.show', { kind: 'idle' });
    const seen: DisplayState[] = [];
    const stop = backend.events.subscribe((name, payload) => name === 'display.changed' && seen.push(payload as DisplayState));
    try {
      // The display's own window calls it, as the display (no staff session of its own).
      const picked = await backend.dispatch('display.setLanguage', { language: 'de' }, 'display');
      expect(picked).toMatchObject({ ok: true, value: { kind: 'idle', customerLanguage: 'de' } });
      expect(seen.at(-1)).toMatchObject({ kind: 'idle', customerLanguage: 'de' });
      expect(await backend.dispatch('display.setLanguage', { language: 'xx' }, 'display')).toMatchObject({
        ok: false,
        error: { code: 'bad_input' },
      });

      // The sale that follows shows in it; the clerk going back from the offer keeps it (the same customer).
      expect((await showOffer()).customerLanguage).toBe('de');
      expect((await call<DisplayState>('display.show', { kind: 'idle' })).customerLanguage).toBe('de');
      const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
      expect((await call<DisplayState>('display.show', { kind: 'install', saleId: sale.id })).customerLanguage).toBe('de');
      // The clerk's "New sale": thanks, then the next customer in the store's language.
      expect((await call<DisplayState>('display.show', { kind: 'thanks' })).customerLanguage).toBe('de');
      expect(await call<DisplayState>('display.show', { kind: 'idle' })).toMatchObject({ kind: 'idle', customerLanguage: 'en' });

      // A lock mid-sale starts the next customer afresh too.
      await call('display.setLanguage', { language: 'ja' });
      await showOffer();
      await call('session.lock');
      expect(await shown()).toMatchObject({ kind: 'idle', customerLanguage: 'en' });
    } finally {
      stop();
    }
  });

  it('greets the next customer in the store’s own language', async () => {
    await signIn('manager');
    await call('settings.update', { locale: 'fr-CH' });
    await call('display.setLanguage', { language: 'ko' });
    await showOffer();
    await call('session.signOut');
    expect(await shown()).toMatchObject({ kind: 'idle', customerLanguage: 'fr' });
  });
});
