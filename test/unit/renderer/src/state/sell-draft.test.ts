import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import type { CounterApi } from '../../../../../renderer/src/bridge.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { chris, chrisLocked, maria } from './sessions.ts';

const offer = (id: string) => ({ id, retail: { minor: 450, currency: 'USD' } }) as PackageOffer;
const sale = (id: string, status: SaleView['status']) => ({ id, reference: `EC-${id}`, status, packageId: 'jp-1' }) as SaleView;

/** What sales.pending answers: a start that found two unfinished sales, and `unsettled` now. */
const pending = (unsettled: SaleView[]) => ({
  checked: 2,
  completed: 1,
  notSent: 0,
  notFound: 0,
  stillUncertain: 1,
  settledAt: '2026-11-24T09:00:00.000Z',
  unsettled,
});

/** A backend whose every answer is the next one queued. */
function answering(...answers: unknown[]): CounterApi {
  return {
    subscribe: () => () => {},
    call: (async () => ({ ok: true, value: answers.shift() })) as CounterApi['call'],
  };
}

beforeEach(() => {
  useStore.setState({ session: chris, sellOnScreen: false, saleNotices: [], asideSales: [] });
  useStore.getState().resetCheckout();
  useStore.getState().clearSale();
});
afterEach(() => setApi(null));

describe('the sale being prepared', () => {
  it('keeps quantity, payment and e-mail when the clerk goes back for another package, with a new sale id', () => {
    const store = useStore.getState();
    store.pickOffer(offer('jp-1'));
    store.editCheckout({ quantity: 2, paymentMethod: 'card', email: 'anna@example.com' });
    const first = useStore.getState().checkout!.saleId;
    store.markSoldOut('jp-1');
    store.backToPackages();
    expect(useStore.getState()).toMatchObject({ checkout: null, sellStep: 'choose', soldOut: ['jp-1'] });
    store.pickOffer(offer('jp-2'));
    const next = useStore.getState().checkout!;
    expect(next).toMatchObject({ offer: { id: 'jp-2' }, quantity: 2, paymentMethod: 'card', email: 'anna@example.com' });
    expect(next.saleId).not.toBe(first);
  });

  it('survives a lock and the same person’s unlock, and is gone when someone else signs in', () => {
    const store = useStore.getState();
    store.pickOffer(offer('jp-1'));
    store.editCheckout({ quantity: 3, paymentMethod: 'cash' });
    useStore.setState({
      sale: sale('s1', 'completed'),
      saleNotices: [{ saleId: 's1', reference: 'EC-s1', status: 'completed', place: 'sell' }],
    });
    useStore.setState({ session: chrisLocked });
    useStore.setState({ session: chris });
    expect(useStore.getState().checkout).toMatchObject({ quantity: 3, paymentMethod: 'cash' });
    expect(useStore.getState().sale?.id).toBe('s1');

    useStore.setState({ session: chrisLocked });
    useStore.setState({ session: { status: 'signed_out' } });
    useStore.setState({ session: maria });
    expect(useStore.getState()).toMatchObject({
      checkout: null,
      sale: null,
      entries: { quantity: 1, paymentMethod: null, email: '' },
      soldOut: [],
      saleNotices: [],
      asideSales: [],
    });
  });
});

describe('a sale that settles where the clerk is not looking', () => {
  it('is noticed when the Sell screen is not open, and the notice goes when the clerk is back at Sell', async () => {
    useStore.setState({ sale: sale('s1', 'uncertain') });
    setApi(answering(sale('s1', 'completed')));
    await useStore.getState().refreshSale();
    expect(useStore.getState().saleNotices).toEqual([{ saleId: 's1', reference: 'EC-s1', status: 'completed', place: 'sell' }]);
    useStore.getState().setSellOnScreen(true);
    expect(useStore.getState().saleNotices).toEqual([]);
    expect(useStore.getState().sale?.status).toBe('completed');
  });

  it('is not noticed while Sell is on screen', async () => {
    useStore.setState({ sale: sale('s1', 'uncertain'), sellOnScreen: true });
    setApi(answering(sale('s1', 'completed')));
    await useStore.getState().refreshSale();
    expect(useStore.getState().saleNotices).toEqual([]);
  });

  it('set aside: Sell is free at once, and the outcome is noticed for History', async () => {
    useStore.setState({ sale: sale('s1', 'uncertain'), sellOnScreen: true });
    useStore.getState().setSaleAside();
    expect(useStore.getState().sale).toBeNull();
    setApi(answering(pending([sale('s1', 'uncertain')])));
    await useStore.getState().loadPending();
    expect(useStore.getState().saleNotices).toEqual([]);
    expect(useStore.getState().asideSales.map((s) => s.id)).toEqual(['s1']);
    setApi(answering(pending([]), sale('s1', 'not_found')));
    await useStore.getState().loadPending();
    expect(useStore.getState().asideSales).toEqual([]);
    expect(useStore.getState().saleNotices).toEqual([
      { saleId: 's1', reference: 'EC-s1', status: 'not_found', place: 'history' },
    ]);
  });

  it('keeps a sale still being checked in view when another person signs in, and the backend’s list after that', async () => {
    useStore.setState({ sale: sale('s1', 'uncertain'), sellOnScreen: true });
    useStore.setState({ session: chrisLocked });
    useStore.setState({ session: { status: 'signed_out' } });
    useStore.setState({ session: maria });
    expect(useStore.getState().sale).toBeNull();
    expect(useStore.getState().asideSales.map((s) => s.id)).toEqual(['s1']);
    // Another till's sale, or one left from before a restart, comes with the backend's list.
    setApi(answering(pending([sale('s1', 'uncertain'), sale('s2', 'submitting')])));
    await useStore.getState().loadPending();
    expect(useStore.getState().asideSales.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(useStore.getState().pendingAtStart).toMatchObject({ checked: 2, stillUncertain: 1 });
  });
});
