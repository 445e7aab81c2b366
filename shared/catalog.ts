import type { Money } from './money.ts';

/**
 * A destination the clerk can pick: a country with local offers, or a region (or the world) with
 * packages of its own, for a customer who travels through several countries.
 */
export type CountryOption = {
  /** ISO 3166-1 alpha-2 for a country; a region's id (the partner's slug, "europe") otherwise. */
  readonly code: string;
  readonly name: string;
  /** Absent for a country. */
  readonly kind?: 'regional' | 'global';
  /** A country: packages that work there, local ones and regional or global ones covering it. A region: its own. */
  readonly packageCount: number;
  /** The lowest retail price among them, for "from $4.50" on the picker. */
  readonly fromPrice: Money | null;
  /**
   * A search result only: the island or region within the country that the clerk typed ("Bali"
   * for Indonesia, "Kanarische Inseln" for Spain), so the picker can say why the country is offered.
   */
  readonly via?: string;
};

/** A sim package as the counter sells it, prices already in minor units. */
export type PackageOffer = {
  readonly id: string;
  readonly kind: 'local' | 'regional' | 'global';
  readonly title: string; // "1 GB - 7 Days"
  readonly operator: string;
  /** Where it works: the country for a local package, the region's name otherwise. */
  readonly coverageName: string;
  /** A regional or global package's region, by the partner's slug ("europe", "world"), for its name in the reader's language; null for a local one. */
  readonly region: string | null;
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
  /** The operator has the customer verify their identity before the eSIM works: said before payment. Null: not said. */
  readonly kyc: boolean | null;
};
