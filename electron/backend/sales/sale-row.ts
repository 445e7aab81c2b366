/**
 * A sale's row as it is paid for: the package as sold, the store's price and tax, the partner's
 * expected cost at the day's rate. Made once, from the catalogue, for a sale sent at once, a group
 * order and a future order alike (which keeps its row until the service has made it).
 */
import type { PackageOffer } from '../../../shared/catalog.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { normalizeIccid } from '../../../shared/iccid.ts';
import { insertEsim, type SaleRow } from './db.ts';
import type { SimEntry } from '../partner/schemas/orders.ts';
import { localCostColumns, taxColumns, type Pricing } from '../pricing/service.ts';
import { freshOrderColumns } from '../orders/submission.ts';

export type SaleRowInput = {
  readonly packageId: string;
  readonly quantity: number;
  readonly paymentMethod: PaymentMethod;
  readonly customerEmail?: string;
  /** The country the customer is going to, for a regional or global package (ISO 3166-1 alpha-2). */
  readonly destination?: string;
};

export function saleRowFor(
  offer: PackageOffer,
  input: SaleRowInput,
  ids: { readonly id: string; readonly reference: string; readonly staffId: string },
  pricing: Pricing,
  at: string,
): SaleRow {
  const local = localCostColumns(offer.net, offer.retail.currency, pricing.context().rate);
  const line = { minor: offer.retail.minor * input.quantity, currency: offer.retail.currency };
  return {
    ...freshOrderColumns(at),
    id: ids.id,
    reference: ids.reference,
    packageId: offer.id,
    packageTitle: `${offer.operator} ${offer.title}`,
    packageCountryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
    packageData: offer.dataText,
    packageDays: offer.days,
    quantity: input.quantity,
    unitRetailMinor: offer.retail.minor,
    retailCurrency: offer.retail.currency,
    // What the partner is expected to charge; the order's answer replaces it with what it did charge.
    unitCostMinor: offer.net?.minor ?? null,
    netCurrency: offer.net?.currency ?? offer.retail.currency,
    fxRate: local.fxRate,
    fxDate: local.fxDate,
    unitCostLocalMinor: local.costLocal,
    ...taxColumns(line, pricing.tax()),
    destinationCountryCode: destinationOf(offer, input.destination),
    paymentMethod: input.paymentMethod,
    customerEmail: input.customerEmail ?? null,
    staffId: ids.staffId,
  };
}

/** The package offered now, or the refusal a clerk reads when it is gone from the catalogue. */
export function offeredOrRefused(offer: PackageOffer | null | undefined): PackageOffer {
  if (!offer) {
    throw new AppFailure('not_found', 'This package is no longer offered. Pick another one.', {
      reason: 'package_no_longer_offered',
    });
  }
  return offer;
}

/**
 * Where the customer is going, for reports: a local package's own country; for a regional or global
 * one the country the clerk chose, which the package must cover; none when the clerk chose the region.
 */
function destinationOf(offer: PackageOffer, destination: string | undefined): string | null {
  if (offer.kind === 'local' || destination === undefined) return null;
  if (!offer.countries.includes(destination)) {
    throw new AppFailure('bad_input', `This package does not work in ${destination}. Pick a package for that country.`, {
      reason: 'package_not_for_country',
      params: { country: destination },
      fields: { destination: 'not_covered' },
    });
  }
  return destination;
}

/** The eSIMs an order brought, stored with their sale (inside the transaction that completes it). */
export function insertOrderEsims(db: Database.Database, saleId: string, sims: readonly SimEntry[], at: string): void {
  for (const sim of sims) {
    const iccid = normalizeIccid(sim.iccid);
    insertEsim(db, {
      id: crypto.randomUUID(),
      saleId,
      iccid: iccid.ok ? iccid.iccid : sim.iccid,
      lpa: sim.lpa,
      matchingId: sim.matching_id,
      qrcode: sim.qrcode,
      appleInstallationUrl: sim.direct_apple_installation_url ?? appleInstallUrl(sim.qrcode),
      qrcodeUrl: sim.qrcode_url,
      createdAt: at,
      updatedAt: at,
    });
  }
}

/** The Apple universal link for one-tap installation on iOS 17.4+, built from the LPA text. */
export function appleInstallUrl(qrcode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${qrcode}`;
}
