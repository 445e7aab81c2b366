import { describe, expect, it } from 'vitest';
import type { PackageOffer } from '../../../../../../shared/catalog.ts';
import { sortOffers } from '../../../../../../renderer/src/counter/sell/PackageList.tsx';

const offer = (
  id: string,
  kind: PackageOffer['kind'],
  dataMb: number,
  days: number,
  minor: number,
  isUnlimited = false,
): PackageOffer => ({
  id,
  kind,
  title: id,
  operator: 'Op',
  coverageName: 'X',
  region: null,
  countries: ['JP'],
  dataMb,
  dataText: `${dataMb} MB`,
  days,
  isUnlimited,
  voiceMinutes: null,
  textMessages: null,
  retail: { minor, currency: 'USD' },
  net: null,
  hasTopups: false,
  kyc: null,
});

describe('sortOffers', () => {
  it('puts local first, then by data, days and price; unlimited after the largest', () => {
    const sorted = sortOffers([
      offer('global-1', 'global', 1024, 7, 500),
      offer('unl', 'local', 0, 7, 2000, true),
      offer('3gb', 'local', 3072, 30, 1050),
      offer('1gb-cheap', 'local', 1024, 7, 450),
      offer('1gb-30', 'local', 1024, 30, 600),
      offer('region', 'regional', 1024, 7, 500),
    ]);
    expect(sorted.map((o) => o.id)).toEqual(['1gb-cheap', '1gb-30', '3gb', 'unl', 'region', 'global-1']);
  });
});
