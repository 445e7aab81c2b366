import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../../electron/sandbox/catalogue.ts';

describe('catalogue', () => {
  const cat = buildCatalogue(42);

  it('has about 200 local entries, regions and a global one', () => {
    const local = cat.entries.filter((e) => e.kind === 'local');
    expect(local.length).toBeGreaterThanOrEqual(190);
    expect(cat.entries.some((e) => e.slug === 'world')).toBe(true);
    expect(cat.entries.filter((e) => e.kind === 'global' && !e.hidden).length).toBeGreaterThanOrEqual(8);
  });

  it('gives every top-up a sim package of the same operator, and unique ids', () => {
    const ids = new Set<string>();
    for (const op of cat.operators.values()) {
      for (const p of op.packages) {
        expect(ids.has(p.id)).toBe(false);
        ids.add(p.id);
        if (p.type === 'topup') expect(op.packages.some((s) => s.type === 'sim' && `${s.id}-topup` === p.id)).toBe(true);
        expect(p.netPrice).toBeLessThan(p.price);
      }
    }
  });

  it('is the same for the same seed', () => {
    expect([...buildCatalogue(42).packages.keys()]).toEqual([...cat.packages.keys()]);
    expect([...buildCatalogue(43).packages.keys()]).not.toEqual([...cat.packages.keys()]);
  });
});
