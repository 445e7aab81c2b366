/**
 * The cached catalogue, one row per sim package, so the counter starts instantly and keeps selling
 * from the last known catalogue while the partner service is unreachable. The offer as the counter
 * sells it is the payload; the columns exist for queries and reports.
 */
import { statement } from '../journal/statements.ts';
import type { PackageOffer } from '../../../shared/catalog.ts';
import type { Journal } from '../journal/open.ts';

export type CoveredCountry = { readonly code: string; readonly name: string };

/**
 * What the catalogue says of a package beyond its offer, for its product sheet
 * (catalogue/product-sheets.ts): the operator's identity check, activation policy, networks.
 */
export type OfferFacts = {
  readonly kyc: boolean | null;
  readonly activationPolicy: string | null;
  readonly fairUse: string | null;
  readonly networks: readonly string[];
  readonly technologies: readonly string[];
  readonly isRoaming: boolean | null;
};

export type CatalogRow = {
  readonly offer: PackageOffer;
  readonly facts?: OfferFacts;
  /** The partner's slug of the country or region ('france', 'europe', 'world'). */
  readonly areaSlug: string;
  /** Every country the package works in, with its name (for search by country on regional packages). */
  readonly covered: readonly CoveredCountry[];
};

type Raw = { payload: string; area_slug: string };
type Payload = { offer: PackageOffer; covered: readonly CoveredCountry[]; facts?: OfferFacts };

export function listCatalog(db: Journal): CatalogRow[] {
  const rows = statement(db, 'SELECT payload, area_slug FROM catalog_cache ORDER BY package_id').all() as Raw[];
  return rows.map((r) => {
    const p = JSON.parse(r.payload) as Payload;
    // A catalogue stored before offers named their region has it in its column, and their identity check in its facts.
    const offer = {
      ...p.offer,
      region: p.offer.kind === 'local' ? null : r.area_slug,
      kyc: p.offer.kyc ?? p.facts?.kyc ?? null,
    };
    return { offer, covered: p.covered, areaSlug: r.area_slug };
  });
}

/** The catalogue's facts of one package; undefined when it is not listed (or was stored before facts were kept). */
export function catalogFacts(db: Journal, packageId: string): OfferFacts | undefined {
  const row = statement(db, 'SELECT payload FROM catalog_cache WHERE package_id = ?').get(packageId) as Raw | undefined;
  return row ? (JSON.parse(row.payload) as Payload).facts : undefined;
}

/** The time of the last successful refresh, or null when the catalogue was never fetched. */
export function catalogFetchedAt(db: Journal): string | null {
  return (statement(db, 'SELECT max(fetched_at) AS at FROM catalog_cache').get() as { at: string | null }).at;
}

/**
 * Upserts every package and deletes the ones the service no longer lists (the partner's own sync
 * advice), in one transaction. updated_at only moves when a package changed, so a later push of the
 * journal to head office carries real changes, not an hourly rewrite of the whole catalogue.
 */
export function replaceCatalog(db: Journal, rows: readonly CatalogRow[], fetchedAt: string): number {
  const upsert = statement(
    db,
    `INSERT INTO catalog_cache (package_id, kind, country_code, area_slug, area_title, operator_title, title, data_text,
       amount_mb, days, is_unlimited, net_minor, net_currency, payload, fetched_at, updated_at)
     VALUES (@id, @kind, @countryCode, @areaSlug, @areaTitle, @operator, @title, @dataText,
       @amountMb, @days, @isUnlimited, @netMinor, @netCurrency, @payload, @fetchedAt, @fetchedAt)
     ON CONFLICT (package_id) DO UPDATE SET kind = excluded.kind, country_code = excluded.country_code,
       area_slug = excluded.area_slug, area_title = excluded.area_title, operator_title = excluded.operator_title,
       title = excluded.title, data_text = excluded.data_text, amount_mb = excluded.amount_mb, days = excluded.days,
       is_unlimited = excluded.is_unlimited, net_minor = excluded.net_minor, net_currency = excluded.net_currency,
       payload = excluded.payload, fetched_at = excluded.fetched_at,
       updated_at = CASE WHEN catalog_cache.payload = excluded.payload THEN catalog_cache.updated_at ELSE excluded.updated_at END`,
  );
  const prune = statement(db, 'DELETE FROM catalog_cache WHERE fetched_at <> ?');
  return db
    .transaction(() => {
      for (const { offer, areaSlug, covered, facts } of rows) {
        upsert.run({
          id: offer.id,
          kind: offer.kind,
          countryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
          areaSlug,
          areaTitle: offer.coverageName,
          operator: offer.operator,
          title: offer.title,
          dataText: offer.dataText,
          amountMb: offer.dataMb,
          days: offer.days,
          isUnlimited: offer.isUnlimited ? 1 : 0,
          netMinor: offer.net?.minor ?? null,
          netCurrency: offer.net?.currency ?? null,
          payload: JSON.stringify({ offer, covered, facts } satisfies Payload),
          fetchedAt,
        });
      }
      prune.run(fetchedAt);
      // Product sheets are kept with the catalogue: a package it no longer lists loses its sheet.
      statement(db, 'DELETE FROM product_sheets WHERE package_id NOT IN (SELECT package_id FROM catalog_cache)').run();
      return rows.length;
    })
    .immediate();
}
