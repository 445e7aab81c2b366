import { describe, expect, it } from 'vitest';
import { PageMeta, num } from '../../../../../electron/partner/schemas/common.ts';
import { OrderListEntry } from '../../../../../electron/partner/schemas/orders.ts';

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
    expect(OrderListEntry.shape.price.parse('9.50')).toBe(9.5);
  });
});
