import { describe, expect, it } from 'vitest';
import { OrderHold } from '../../../../../electron/backend/partner/order-hold.ts';
import type { OrderHold as HeldOrders } from '../../../../../shared/sales.ts';

function hold() {
  let now = Date.parse('2026-11-27T12:00:00.000Z');
  const told: HeldOrders[] = [];
  const orders = new OrderHold({ now: () => now, onChange: (h) => told.push(h) });
  return { orders, told, pass: (ms: number) => (now += ms) };
}

describe('the service’s wait on orders', () => {
  it('holds for the seconds it said, counting down, and is over at their end', () => {
    const { orders, told, pass } = hold();
    expect(orders.current()).toBeNull();
    orders.note(7);
    expect(told).toEqual([{ until: '2026-11-27T12:00:07.000Z', seconds: 7 }]);
    pass(1_200);
    expect(orders.current()).toEqual({ until: '2026-11-27T12:00:07.000Z', seconds: 6 });
    pass(5_800);
    expect(orders.current()).toBeNull();
  });

  it('keeps the later end of two waits, and is not told of a shorter one', () => {
    const { orders, told, pass } = hold();
    orders.note(30);
    pass(1_000);
    orders.note(5);
    expect(orders.current()?.seconds).toBe(29);
    orders.note(60);
    expect(told.map((t) => t.seconds)).toEqual([30, 60]);
  });

  it('holds a minute when the wait was unreadable, and at most an hour', () => {
    const { orders } = hold();
    orders.note(undefined);
    expect(orders.current()?.seconds).toBe(60);
    orders.note(10 * 365 * 86_400);
    expect(orders.current()?.seconds).toBe(3_600);
  });
});
