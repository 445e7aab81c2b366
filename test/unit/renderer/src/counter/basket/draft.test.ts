import { beforeEach, describe, expect, it } from 'vitest';
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
  draft().clear();
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
