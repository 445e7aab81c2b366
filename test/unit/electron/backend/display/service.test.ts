import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../../../../electron/backend/events.ts';
import { DisplayService } from '../../../../../electron/backend/display/service.ts';
import type { DisplayState } from '../../../../../shared/display.ts';
import type { CustomerLanguage } from '../../../../../shared/languages.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import type { TopupOffer, TopupView } from '../../../../../shared/sales.ts';

const offer: TopupOffer = {
  id: 'willow-topup-3gb',
  title: '3 GB - 30 days',
  dataText: '3 GB',
  dataMb: 3072,
  days: 30,
  isUnlimited: false,
  voiceMinutes: null,
  textMessages: null,
  retail: { minor: 1250, currency: 'USD' },
  net: { minor: 900, currency: 'USD' },
};

function topup(status: TopupView['status']): TopupView {
  return {
    id: 't1',
    reference: 'TU-20261122-ABC',
    status,
    iccid: '8944500102198304826',
    packageId: offer.id,
    packageTitle: offer.title,
    packageData: '3 GB',
    packageDays: 30,
    price: offer.retail,
    total: offer.retail,
    tax: null,
    paymentMethod: 'card',
    staffId: 'c',
    partnerOrderCode: null,
    failure: null,
    retryAfter: null,
    attempts: 1,
    createdAt: '2026-11-22T10:00:00.000Z',
    completedAt: status === 'completed' ? '2026-11-22T10:00:02.000Z' : null,
  };
}

function sale(): SaleView {
  return {
    id: '7b0c8a52-4f1e-4d7e-9a51-0c9f3f0b6a11',
    status: 'completed',
    packageData: '3 GB',
    packageDays: 30,
    esims: [{ iccid: '8944500102198304826', qrcode: 'LPA:1$smdp.example$CODE', appleInstallUrl: null }],
  } as unknown as SaleView;
}

function display(practice: 'DEMO' | 'TRAINING' | null = 'DEMO', store: { language: CustomerLanguage } = { language: 'en' }) {
  const events = new EventBus();
  const seen: DisplayState[] = [];
  events.subscribe((name, payload) => name === 'display.changed' && seen.push(payload as DisplayState));
  const service = new DisplayService({
    events,
    storeName: () => 'Harbour Phones',
    practice,
    defaultLanguage: () => store.language,
    thanksMs: 5000,
    installMs: 60_000,
  });
  return { service, seen, events };
}

afterEach(() => vi.useRealTimers());

describe('customer display', () => {
  it('shows the top-up picked for an eSIM with its own price, not the last sale’s', () => {
    const { service } = display('TRAINING');
    expect(service.topup('8944500102198304826', offer)).toEqual({
      kind: 'topup',
      practice: 'TRAINING',
      customerLanguage: 'en',
      iccidTail: '04826',
      dataText: '3 GB',
      days: 30,
      price: { minor: 1250, currency: 'USD' },
    });
  });

  it('shows a top-up as done only once it is, then goes back to the welcome by itself', () => {
    vi.useFakeTimers();
    const { service } = display();
    expect(() => service.topupDone(topup('uncertain'))).toThrow(/Only a completed top-up/);
    expect(service.topupDone(topup('completed'))).toMatchObject({ kind: 'topup_done', iccidTail: '04826', dataText: '3 GB' });
    vi.advanceTimersByTime(5000);
    expect(service.current()).toEqual({ kind: 'idle', storeName: 'Harbour Phones', practice: 'DEMO', customerLanguage: 'en' });
  });

  it('shows the trip options pointed to in the customer’s language, and keeps them up until the clerk moves on', () => {
    vi.useFakeTimers();
    const { service, seen } = display();
    service.setLanguage('de');
    const option = {
      total: { minor: 1100, currency: 'USD' },
      packages: [{ dataText: '3 GB', days: 15, countryCode: null, coverageName: 'Europe + UK', region: 'europe' }],
      uncovered: [],
      daysShort: 0,
      dataShortMb: 0,
    };
    expect(service.trip({ countries: ['FR', 'IT', 'CH'], days: 12 }, [option])).toEqual({
      kind: 'trip',
      practice: 'DEMO',
      customerLanguage: 'de',
      countries: ['FR', 'IT', 'CH'],
      days: 12,
      options: [option],
    });
    // Options are for the customer still choosing: no timer takes them down.
    vi.advanceTimersByTime(10 * 60_000);
    expect(service.current().kind).toBe('trip');
    expect(seen.map((s) => s.kind)).toEqual(['idle', 'trip']);
  });

  it('shows a basket’s lines and its total per currency, never two currencies added, until the clerk moves on', () => {
    vi.useFakeTimers();
    const { service, seen } = display();
    const place = { countryCode: 'JP', coverageName: 'Japan', region: null };
    const lines = [
      { package: { dataText: '1 GB', days: 7, ...place }, quantity: 2, price: { minor: 900, currency: 'USD' }, iccidTail: null },
      {
        package: { dataText: '3 GB', days: 30, ...place },
        quantity: 1,
        price: { minor: 1250, currency: 'USD' },
        iccidTail: '04826',
      },
      {
        package: { dataText: '5 GB', days: 15, ...place },
        quantity: 1,
        price: { minor: 2000, currency: 'EUR' },
        iccidTail: null,
      },
    ];
    expect(service.basket(lines)).toEqual({
      kind: 'basket',
      practice: 'DEMO',
      customerLanguage: 'en',
      lines,
      total: [
        { minor: 2000, currency: 'EUR' },
        { minor: 2150, currency: 'USD' },
      ],
    });
    // The customer is still at the counter: no timer takes it down.
    vi.advanceTimersByTime(10 * 60_000);
    expect(service.current().kind).toBe('basket');
    expect(seen.map((s) => s.kind)).toEqual(['basket']);
  });

  it('drops a basket whose lines were looked up while the display changed or was cleared', () => {
    const { service, seen } = display();
    const line = {
      package: { dataText: '1 GB', days: 7, countryCode: 'JP', coverageName: 'Japan', region: null },
      quantity: 1,
      price: { minor: 450, currency: 'USD' },
      iccidTail: null,
    };
    // Looked up before a lock cleared the display (it was at the welcome already: still a change of hands).
    const beforeLock = service.generation();
    service.clear();
    expect(service.basket([line], beforeLock).kind).toBe('idle');
    // Looked up before a newer show came first: the newer one stays.
    const older = service.generation();
    service.topup('8944500102198304826', offer);
    expect(service.basket([line], older).kind).toBe('topup');
    expect(seen.map((s) => s.kind)).toEqual(['topup']);
    expect(service.basket([line], service.generation()).kind).toBe('basket');
  });

  it('clears to the welcome, and says nothing when it is there already', () => {
    const { service, seen } = display(null);
    service.topup('8944500102198304826', offer);
    service.clear();
    service.clear();
    expect(seen.map((s) => s.kind)).toEqual(['topup', 'idle']);
    expect(service.current()).toMatchObject({ kind: 'idle', practice: null });
  });
});

describe('the customer’s language at the display', () => {
  it('greets in the store’s language and follows the customer’s pick, with one event per change', () => {
    const { service, seen } = display(null, { language: 'de' });
    expect(service.current()).toMatchObject({ kind: 'idle', customerLanguage: 'de' });
    expect(service.setLanguage('ja')).toMatchObject({ kind: 'idle', customerLanguage: 'ja' });
    service.setLanguage('ja');
    expect(seen.map((s) => s.customerLanguage)).toEqual(['ja']);
    // The sale that follows is shown in it.
    expect(service.topup('8944500102198304826', offer).customerLanguage).toBe('ja');
  });

  it('keeps what is shown, and when it clears, while the customer changes language', () => {
    vi.useFakeTimers();
    const { service } = display();
    const shown = service.install(sale());
    vi.advanceTimersByTime(30_000);
    const changed = service.setLanguage('ar');
    expect(changed).toEqual({ ...shown, customerLanguage: 'ar' });
    vi.advanceTimersByTime(29_999);
    expect(service.current().kind).toBe('install');
    vi.advanceTimersByTime(1);
    // Cleared on the QR's own timer: the next customer is greeted in the store's language again.
    expect(service.current()).toMatchObject({ kind: 'idle', customerLanguage: 'en' });
  });

  it('goes back to the store’s language after the thank-you, not when the clerk only goes back from an offer', () => {
    vi.useFakeTimers();
    const store = { language: 'fr' as CustomerLanguage };
    const { service } = display(null, store);
    service.setLanguage('ko');
    service.topup('8944500102198304826', offer);
    // The same customer, another top-up picked: the language stays.
    expect(service.idle().customerLanguage).toBe('ko');
    service.thanks();
    // The store's language as it is now (a manager may have changed the locale).
    store.language = 'es';
    vi.advanceTimersByTime(5000);
    expect(service.current()).toMatchObject({ kind: 'idle', customerLanguage: 'es' });
  });

  it('greets the next customer in the store’s language once a sale ended, even if its QR never reached the display', () => {
    const store = { language: 'de' as CustomerLanguage };
    const { service, events } = display(null, store);
    service.setLanguage('ar');
    expect(service.topup('8944500102198304826', offer).customerLanguage).toBe('ar');
    // The clerk printed the voucher: the display still shows the offer when the sale completes.
    events.emit('sale.updated', { id: 's1', status: 'submitting' });
    expect(service.idle().customerLanguage).toBe('ar');
    events.emit('sale.updated', { id: 's1', status: 'completed' });
    expect(service.current().customerLanguage).toBe('ar');
    // The next customer's package: in the store's language, whatever screen came before.
    expect(service.topup('8944500102198304826', offer).customerLanguage).toBe('de');
    // And a language picked by that customer stays for their own turn.
    service.setLanguage('ja');
    expect(service.idle().customerLanguage).toBe('ja');
    events.emit('topup.updated', { id: 't2', status: 'completed' });
    expect(service.idle().customerLanguage).toBe('de');
  });

  it('starts the next customer in the store’s language when the counter is locked mid-sale', () => {
    const { service } = display();
    service.setLanguage('tr');
    service.topup('8944500102198304826', offer);
    service.clear();
    expect(service.current()).toMatchObject({ kind: 'idle', customerLanguage: 'en' });
  });
});

describe('a top-up on show that completes', () => {
  function following(journal: Record<string, TopupView>) {
    const events = new EventBus();
    const service = new DisplayService({
      events,
      storeName: () => 'Harbour Phones',
      practice: null,
      defaultLanguage: () => 'en',
      thanksMs: 5000,
      topupView: (id) => journal[id]!,
    });
    return { service, events };
  }

  it('is shown done by the backend itself, for the eSIM on show only', () => {
    const other = { ...topup('completed'), id: 't2', iccid: '8944500102198300001' };
    const { service, events } = following({ t1: topup('completed'), t2: other });
    service.topup('8944500102198304826', offer);
    events.emit('topup.updated', { id: 't2', status: 'completed' });
    expect(service.current().kind).toBe('topup');
    events.emit('topup.updated', { id: 't1', status: 'uncertain' });
    expect(service.current().kind).toBe('topup');
    events.emit('topup.updated', { id: 't1', status: 'completed' });
    expect(service.current()).toMatchObject({ kind: 'topup_done', iccidTail: '04826', dataText: '3 GB' });
    service.close();
  });

  it('leaves the display alone once it shows something else', () => {
    const { service, events } = following({ t1: topup('completed') });
    service.topup('8944500102198304826', offer);
    service.idle();
    events.emit('topup.updated', { id: 't1', status: 'completed' });
    expect(service.current().kind).toBe('idle');
    service.close();
  });
});
