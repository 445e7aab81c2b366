import { describe, expect, it } from 'vitest';
import { countSoak, soakPassed } from '../../../../scripts/lib/soak-count.ts';

const sale = (id: string, status: 'completed' | 'failed' | 'not_found' | 'uncertain') => ({ id, reference: `EC-${id}`, status });

describe('countSoak', () => {
  it('passes a run where every order has its completed sale and nothing is left unsettled', () => {
    const counts = countSoak({
      asked: ['a', 'b', 'c', 'd'],
      toldCompleted: ['a'],
      sales: [sale('a', 'completed'), sale('b', 'failed'), sale('c', 'not_found')],
      orders: [{ description: 'EC-a' }],
    });
    expect(counts).toMatchObject({
      asked: 4,
      recorded: 3,
      completed: 1,
      failed: 1,
      notFound: 1,
      lost: 0,
      duplicated: 0,
      stuck: 0,
    });
    expect(soakPassed(counts)).toBe(true);
  });

  it('counts an order the journal does not show as completed, and a completion told but not kept, as lost', () => {
    const counts = countSoak({
      asked: ['a', 'b'],
      toldCompleted: ['b'],
      sales: [sale('a', 'failed'), sale('b', 'failed')],
      orders: [{ description: 'EC-a' }],
    });
    expect(counts.lost).toBe(2);
    expect(soakPassed(counts)).toBe(false);
  });

  it('counts two orders for one reference as duplicated, an unsettled sale as stuck, a sale without its order as phantom', () => {
    const counts = countSoak({
      asked: ['a', 'b', 'c'],
      toldCompleted: [],
      sales: [sale('a', 'completed'), sale('b', 'uncertain'), sale('c', 'completed')],
      orders: [{ description: 'EC-a' }, { description: 'EC-a' }],
    });
    expect(counts).toMatchObject({ duplicated: 1, stuck: 1, phantom: 1 });
    expect(soakPassed(counts)).toBe(false);
  });

  it('counts a sale taken offline that the journal lost as lost, and one still waiting after the settle as stuck', () => {
    const counts = countSoak({
      asked: [],
      toldCompleted: [],
      sales: [sale('p', 'completed')],
      orders: [{ description: 'EC-p' }],
      offline: {
        asked: ['p', 'q', 'r', 's'],
        toldTaken: ['p', 'q', 'r'],
        rows: [
          { saleId: 'p', status: 'placed' },
          { saleId: 'q', status: 'queued' },
        ],
      },
    });
    expect(counts).toMatchObject({ offlineAsked: 4, offlineTaken: 2, offlinePlaced: 1, lost: 1, stuck: 1, phantom: 0 });
    expect(soakPassed(counts)).toBe(false);
    const settled = countSoak({
      asked: [],
      toldCompleted: [],
      sales: [sale('p', 'completed')],
      orders: [{ description: 'EC-p' }],
      offline: { asked: ['p', 's'], toldTaken: ['p'], rows: [{ saleId: 'p', status: 'placed' }] },
    });
    expect(soakPassed(settled)).toBe(true);
  });
});
