import { describe, expect, it } from 'vitest';
import type { PackageOffer } from '../../../../../../shared/catalog.ts';
import type { Checkout } from '../../../../../../renderer/src/counter/sell/checkout.ts';
import { deliveryInput } from '../../../../../../renderer/src/counter/sell/EmailDelivery.tsx';

const checkout = (email: string, delivery: Checkout['delivery']): Checkout => ({
  saleId: '00000000-0000-4000-8000-000000000001',
  offer: { id: 'pkg' } as PackageOffer,
  destination: null,
  quantity: 1,
  paymentMethod: 'cash',
  email,
  delivery,
});

describe('the checkout’s e-mail choices as sales.create takes them', () => {
  it('asks nothing when the clerk changed nothing, so the store’s defaults apply', () => {
    expect(deliveryInput(checkout('anna@example.com', null))).toEqual({});
    expect(deliveryInput(checkout('', undefined))).toEqual({});
  });

  it('sends the link/PDF choice and the store’s copy only with a customer’s address, the brand always', () => {
    const chosen = { sharing: ['link', 'pdf'] as const, copyToStore: true, brand: 'Demo Brand' };
    expect(deliveryInput(checkout(' anna@example.com ', { ...chosen, sharing: [...chosen.sharing] }))).toEqual({
      sharing: ['link', 'pdf'],
      copyToStore: true,
      brand: 'Demo Brand',
    });
    expect(deliveryInput(checkout('  ', { ...chosen, sharing: [...chosen.sharing] }))).toEqual({ brand: 'Demo Brand' });
    expect(deliveryInput(checkout('', { sharing: ['link'], copyToStore: false, brand: null }))).toEqual({ brand: null });
  });
});
