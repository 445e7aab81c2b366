import { describe, expect, it } from 'vitest';
import { PageMeta, num } from '../../../../../../electron/backend/partner/schemas/common.ts';
import { OrderListEntry } from '../../../../../../electron/backend/partner/schemas/orders.ts';

describe('schemas', () => {
  it('accepts numbers sent as strings', () => {
    expect(num.parse('9.50')).toBe(9.5);
    expect(num.parse(7)).toBe(7);
    expect(num.safeParse('abc').success).toBe(false);
  });

  it('tolerates unknown fields and per_page as a number', () => {
    const meta = PageMeta.parse({
      message: 'success',
      current_page: 1,
      from: 1,
      last_page: 1,
      path: 'x',
      per_page: 25,
      to: 1,
      total: 1,
      extra: true,
    });
    expect(meta.per_page).toBe('25');
    expect(meta).not.toHaveProperty('extra');
    expect(num.parse('9.50')).toBe(9.5);
  });

  it("turns an order's decimals into minor units of its own currency, once", () => {
    const order = {
      id: 1,
      created_at: '2026-11-24 10:00:00',
      code: '20261124-000001',
      description: 'EC-1',
      type: 'sim',
      package_id: 'p',
      quantity: '1',
      package: 'P',
      esim_type: 'Prepaid',
      validity: '7',
      price: '9.50',
      data: '1 GB',
      currency: 'USD',
      manual_installation: '',
      qrcode_installation: '',
      installation_guides: {},
      net_price: null,
      unit_paid_price: 8.55,
    };
    const parsed = OrderListEntry.parse(order);
    expect(parsed.price).toEqual({ minor: 950, currency: 'USD' });
    expect(parsed.unit_paid_price).toEqual({ minor: 855, currency: 'USD' });
    expect(parsed.net_price).toBeNull();
    expect(OrderListEntry.parse({ ...order, currency: 'JPY', price: '1200' }).price).toEqual({ minor: 1200, currency: 'JPY' });
    // An amount no currency holds is a schema issue, not a throw from inside.
    expect(OrderListEntry.safeParse({ ...order, currency: 'usd' }).success).toBe(false);
  });
});
