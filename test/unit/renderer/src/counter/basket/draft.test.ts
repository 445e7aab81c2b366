import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApi } from '../../../../../../renderer/src/api.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import { basketLine, basketPrice } from '../../../../../../renderer/src/counter/basket/basket-items.ts';
import { MAX_QUANTITY, useBasketDraft } from '../../../../../../renderer/src/counter/basket/draft.ts';
import { MAX_BASKET_LINES } from '../../../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../../../shared/catalog.ts';
import type { TopupOffer } from '../../../../../../shared/sales.ts';

const offer = (id: string, minor: number, currency = 'EUR') => ({ id, retail: { minor, currency } }) as unknown as PackageOffer;
const topup = { id: 'top-1gb', retail: { minor: 500, currency: 'EUR' } } as unknown as TopupOffer;
const draft = () => useBasketDraft.getState();

beforeEach(() => {
  draft().startFor('clerk-a');
  draft().finish();
});

describe('the basket being filled', () => {
  it('adds a package picked again as one more eSIM on its line, within the line’s limit', () => {
    draft().addPackage(offer('jp-3gb', 1500));
    draft().addPackage(offer('jp-3gb', 1500));
    draft().addTopup('8944010000000000017', topup);
    expect(draft().items.map(basketLine)).toEqual([
      { packageId: 'jp-3gb', quantity: 2 },
      { iccid: '8944010000000000017', packageId: 'top-1gb' },
    ]);
    for (let i = 0; i < 20; i++) draft().addPackage(offer('jp-3gb', 1500));
    expect(draft().items[0]).toMatchObject({ quantity: MAX_QUANTITY });
    draft().setQuantity(0, 0);
    expect(draft().items[0]).toMatchObject({ quantity: 1 });
  });

  it('prices the basket per currency, never adding two currencies together', () => {
    draft().addPackage(offer('jp-3gb', 1500));
    draft().setQuantity(0, 3);
    draft().addPackage(offer('us-5gb', 1200, 'USD'));
    draft().addTopup('8944010000000000017', topup);
    expect(basketPrice(draft().items)).toEqual([
      { minor: 5000, currency: 'EUR' },
      { minor: 1200, currency: 'USD' },
    ]);
  });

  it('holds at most the lines a basket takes, and removes a line by its place', () => {
    for (let i = 0; i < MAX_BASKET_LINES + 3; i++) draft().addPackage(offer(`p-${i}`, 100));
    expect(draft().items).toHaveLength(MAX_BASKET_LINES);
    draft().remove(0);
    expect(draft().items[0]!.offer.id).toBe('p-1');
  });

  it('is the same basket until it is sold or emptied, and another clerk starts an empty one', () => {
    draft().addPackage(offer('jp-3gb', 1500));
    draft().setPayment('cash');
    const id = draft().basketId;
    draft().startFor('clerk-a');
    expect(draft()).toMatchObject({ basketId: id, payment: 'cash' });
    expect(draft().items).toHaveLength(1);
    draft().startFor('clerk-b');
    expect(draft().items).toHaveLength(0);
    expect(draft().payment).toBeNull();
    expect(draft().basketId).not.toBe(id);
  });
});

describe('a basket sent', () => {
  type Call = { method: string; input: { id?: string; lines?: unknown[] } };
  const calls: Call[] = [];
  const fail = (code: string) => ({ ok: false, error: { code, message: code } });
  const basketView = (id: string) => ({
    id,
    paymentMethod: 'card',
    createdAt: '2026-11-30T09:30:00.000Z',
    lines: [
      {
        index: 0,
        kind: 'sale',
        orderId: 'o-1',
        packageId: 'jp-3gb',
        quantity: 2,
        iccid: null,
        status: 'issued',
        orderStatus: 'completed',
        reference: 'EC-1',
        total: { minor: 3000, currency: 'EUR' },
        refusal: null,
      },
    ],
    charged: [{ minor: 3000, currency: 'EUR' }],
    checking: [],
  });
  /** The backend's answers, in order, to whatever is asked. */
  const answering = (...answers: unknown[]) =>
    setApi({
      call: (async (method: string, input: Call['input']) => {
        calls.push({ method, input });
        return answers.shift();
      }) as never,
      subscribe: () => () => undefined,
    });

  beforeEach(() => {
    calls.length = 0;
    draft().addPackage(offer('jp-3gb', 1500));
    draft().addPackage(offer('jp-3gb', 1500));
    draft().setPayment('card');
  });
  afterEach(() => setApi(null));

  it('shows the answer with the lines as they were put in', async () => {
    const id = draft().basketId;
    answering({ ok: true, value: basketView(id) });
    await draft().sell();
    expect(calls.map((c) => c.method)).toEqual(['baskets.create']);
    expect(draft().sold?.items.map(basketLine)).toEqual([{ packageId: 'jp-3gb', quantity: 2 }]);
  });

  it('reads a basket whose answer was lost back under its id, and shows it as sold', async () => {
    const id = draft().basketId;
    answering(fail('internal'), { ok: true, value: basketView(id) });
    await draft().sell();
    expect(calls.map((c) => [c.method, c.input.id])).toEqual([
      ['baskets.create', id],
      ['baskets.get', id],
    ]);
    expect(draft().sold?.basket.id).toBe(id);
  });

  it('lets a basket the counter never wrote be changed and sent again', async () => {
    // Refused before the basket's handler ran: nothing to read back.
    answering(fail('signed_out'));
    await draft().sell();
    expect(calls.map((c) => c.method)).toEqual(['baskets.create']);
    expect(draft()).toMatchObject({ sold: null, sending: false, unsure: false, error: { code: 'signed_out' } });
    draft().setQuantity(0, 3);
    expect(draft().items[0]).toMatchObject({ quantity: 3 });
  });

  it('reads back after a refusal that may come after lines were made, and lets it change when nothing was written', async () => {
    answering(fail('journal_unavailable'), fail('not_found'));
    await draft().sell();
    expect(calls.map((c) => c.method)).toEqual(['baskets.create', 'baskets.get']);
    expect(draft()).toMatchObject({ unsure: false, error: { code: 'journal_unavailable' } });
  });

  it('sends a basket once however often Sell is pressed while it is on its way', async () => {
    const id = draft().basketId;
    answering({ ok: true, value: basketView(id) });
    await Promise.all([draft().sell(), draft().sell()]);
    expect(calls.map((c) => c.method)).toEqual(['baskets.create']);
  });

  it('keeps a basket with no answer and none read back as it was: only sent again, the same id and lines', async () => {
    const id = draft().basketId;
    answering(fail('internal'), fail('internal'));
    await draft().sell();
    expect(draft()).toMatchObject({ sold: null, unsure: true });
    draft().setQuantity(0, 5);
    draft().addPackage(offer('us-5gb', 1200));
    draft().clear();
    draft().setPayment('cash');
    expect(draft().items.map(basketLine)).toEqual([{ packageId: 'jp-3gb', quantity: 2 }]);
    expect(draft().payment).toBe('card');
    answering({ ok: true, value: basketView(id) });
    await draft().sell();
    expect(calls.at(-1)).toMatchObject({
      method: 'baskets.create',
      input: { id, lines: [{ packageId: 'jp-3gb', quantity: 2 }] },
    });
    expect(draft().sold?.items).toHaveLength(1);
    draft().finish();
    expect(draft()).toMatchObject({ sold: null, items: [], unsure: false });
    expect(draft().basketId).not.toBe(id);
  });
});

describe('whose basket', () => {
  const session = (status: 'active' | 'locked' | 'signed_out', staffId = 'clerk-a') =>
    useStore.setState({ session: (status === 'signed_out' ? { status } : { status, staffId, name: staffId }) as never });

  beforeEach(() => {
    // The tab's session storage, as a browser gives it.
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    });
    session('active', 'clerk-a');
    draft().finish();
  });
  afterEach(() => {
    setApi(null);
    vi.unstubAllGlobals();
  });

  it('is kept through a lock, emptied by a sign-out when it was never sent', () => {
    draft().addPackage(offer('jp-3gb', 1500));
    session('locked');
    session('active');
    expect(draft().items).toHaveLength(1);
    session('signed_out');
    session('active');
    expect(draft().items).toHaveLength(0);
  });

  it('once sent with no answer, waits for its clerk through a sign-out, another clerk and a reload', async () => {
    draft().addPackage(offer('jp-3gb', 1500));
    draft().setPayment('cash');
    const id = draft().basketId;
    setApi({
      call: (async () => ({ ok: false, error: { code: 'internal', message: 'gone' } })) as never,
      subscribe: () => () => undefined,
    });
    await draft().sell();
    expect(draft().unsure).toBe(true);
    session('signed_out');
    session('active', 'clerk-b');
    expect(draft()).toMatchObject({ staffId: 'clerk-b', items: [], unsure: false });
    // A reload: this tab's storage is what is left.
    useBasketDraft.setState({ staffId: null, items: [], unsure: false, basketId: 'fresh' });
    session('active', 'clerk-a');
    expect(draft()).toMatchObject({ staffId: 'clerk-a', basketId: id, unsure: true, payment: 'cash' });
    expect(draft().items.map(basketLine)).toEqual([{ packageId: 'jp-3gb', quantity: 1 }]);
  });
});
