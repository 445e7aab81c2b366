import { describe, expect, it } from 'vitest';
import { createRng, deriveRng } from '../../../../electron/sandbox/prng.ts';

describe('prng', () => {
  it('is deterministic per seed and differs between seeds and labels', () => {
    const seq = (seed: number) => Array.from({ length: 5 }, createRng(seed).next);
    expect(seq(1)).toEqual(seq(1));
    expect(seq(1)).not.toEqual(seq(2));
    expect(deriveRng(1, 'a').next()).not.toBe(deriveRng(1, 'b').next());
  });

  it('keeps int within bounds and shuffles without losing items', () => {
    const rng = createRng(3);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(2, 5);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
    }
    expect(rng.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
  });
});
