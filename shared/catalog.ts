import type { Money } from './money.ts';

/** A destination the clerk can pick: a country with local offers. */
export type CountryOption = {
  readonly code: string; // ISO 3166-1 alpha-2
  readonly name: string;
  /** Packages that work there: local ones and regional or global ones covering it. */
  readonly packageCount: number;
  /** The lowest retail price among them, for "from $4.50" on the picker. */
  readonly fromPrice: Money | null;
};

/** A sim package as the counter sells it, prices already in minor units. */
export type PackageOffer = {
  readonly id: string;
  readonly kind: 'local' | 'regional' | 'global';
  readonly title: string; // "1 GB - 7 Days"
  readonly operator: string;
  /** Where it works: the country for a local package, the region's name otherwise. */
  readonly coverageName: string;
  readonly countries: readonly string[];
  readonly dataMb: number; // 0 when unlimited
  readonly dataText: string; // "1 GB", "Unlimited"
  readonly days: number;
  readonly isUnlimited: boolean;
  readonly voiceMinutes: number | null;
  readonly textMessages: number | null;
  readonly retail: Money;
  readonly net: Money | null;
  readonly hasTopups: boolean;
};
