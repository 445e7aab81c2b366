import { describe, expect, it } from 'vitest';
import { compactNumber, modelNumbers } from '../../../../../electron/backend/devices/models.ts';
import { DEVICES } from '../../../../../electron/sandbox/data/devices.ts';

describe('the table of model numbers', () => {
  it('knows the numbers customers read in their phone’s settings', () => {
    expect(modelNumbers('Apple', 'iPhone 15 Pro Max')).toContain('A2849');
    expect(modelNumbers('Samsung', 'Galaxy S23 Ultra')).toEqual(expect.arrayContaining(['SM-S918B', 'SM-S918U1', 'SM-S918B/DS']));
    expect(modelNumbers('Google', 'Pixel 7a')).toContain('GWKK3');
    expect(modelNumbers('Google', 'Pixel 7 Pro')).toContain('GP4BC');
  });

  it('finds a device whatever the case and spacing of its maker and name', () => {
    expect(modelNumbers('apple', ' iphone 15 pro max')).toEqual(modelNumbers('Apple', 'iPhone 15 Pro Max'));
    expect(modelNumbers('Apple', 'iPhone 99')).toEqual([]);
    expect(modelNumbers('Nokia', 'XR21')).toEqual([]);
  });

  it('gives each number to one device only', () => {
    const owners = new Map<string, string>();
    for (const d of DEVICES) {
      for (const n of modelNumbers(d.brand, d.name)) {
        const owner = owners.get(n) ?? d.name;
        expect(owner, n).toBe(d.name);
        owners.set(n, d.name);
      }
    }
    expect(owners.size).toBeGreaterThan(300);
  });

  it('is keyed by the names the partner’s list uses: each Apple, Samsung and Google phone has numbers', () => {
    const phones = DEVICES.filter((d) => /^(iPhone|Galaxy|Pixel)/.test(d.name));
    const without = [...new Set(phones.filter((d) => modelNumbers(d.brand, d.name).length === 0).map((d) => d.name))];
    // Newer models whose numbers are not in the table yet are found by their names.
    expect(without).toEqual([
      'iPhone 17',
      'iPhone 17 Pro',
      'iPhone 17 Pro Max',
      'iPhone Air',
      'Pixel 9 Pro',
      'Pixel 9 Pro XL',
      'Pixel 9 Pro Fold',
      'Pixel 10',
      'Pixel 10 Pro',
    ]);
  });

  it('writes a number as one word', () => {
    expect(compactNumber('SM-S918B/DS')).toBe('sms918bds');
    expect(compactNumber(' A2849 ')).toBe('a2849');
  });
});
