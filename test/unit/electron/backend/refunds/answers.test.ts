import { describe, expect, it } from 'vitest';
import { answerOf } from '../../../../../electron/backend/refunds/answers.ts';

describe('reading a refund’s answer from its order’s status', () => {
  it('takes a refunded order as every eSIM of it refunded', () => {
    expect(answerOf('in_review', 'completed', 'refunded', 1, 3)).toBe('refunded');
    expect(answerOf('unclear', 'partially_refunded', 'refunded', 2, 2)).toBe('refunded');
  });

  it('takes an order partly refunded since the request as the request’s eSIMs, when it named only some of them', () => {
    expect(answerOf('in_review', 'completed', 'partially_refunded', 1, 3)).toBe('refunded');
    // It named them all, or the order's size is not known: which were refunded cannot be told.
    expect(answerOf('in_review', 'completed', 'partially_refunded', 3, 3)).toBe('unclear');
    expect(answerOf('in_review', 'completed', 'partially_refunded', 1, null)).toBe('unclear');
  });

  it('reads nothing into a status that has not changed since the request', () => {
    expect(answerOf('in_review', 'completed', 'completed', 1, 3)).toBe('in_review');
    expect(answerOf('in_review', 'partially_refunded', 'partially_refunded', 1, 3)).toBe('in_review');
    expect(answerOf('in_review', 'completed', null, 1, 3)).toBe('in_review');
    expect(answerOf('unclear', 'completed', 'partially_refunded', 2, 2)).toBe('unclear');
  });
});
