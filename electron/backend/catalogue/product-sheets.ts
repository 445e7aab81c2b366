/**
 * A package's product information sheet for the Details step: the partner's sheet
 * (GET /v2/packages/{slug}/product-information) with the catalogue's facts it lacks (the
 * operator's identity check). Sheets are kept in the journal with the catalogue: read again once
 * the catalogue has been refreshed since (the partner's version hash says whether it changed),
 * dropped when the catalogue no longer lists the package, and shown from the journal, marked as
 * kept, while the service cannot be asked.
 */
import { AppFailure } from '../../../shared/errors.ts';
import type { ProductSheet } from '../../../shared/product-sheet.ts';
import { catalogFacts, catalogFetchedAt, type OfferFacts } from './db.ts';
import type { Journal } from '../journal/open.ts';
import { dropStoredSheet, getStoredSheet, putStoredSheet } from './db-product-sheets.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { getProductInformation } from '../partner/product-info.ts';
import type { ProductInformation } from '../partner/schemas/product-info.ts';
import type { CatalogService } from './service.ts';

export type ProductSheetOptions = {
  readonly db: Journal;
  readonly partner: PartnerClient;
  readonly catalog: Pick<CatalogService, 'offer'>;
  readonly now?: () => number;
  readonly log?: (message: string, error?: unknown) => void;
  /** The desktop app opens an address in the system's browser; browser mode has none (the page opens it). */
  readonly openExternal?: (url: string) => Promise<void>;
};

export class ProductSheetService {
  readonly #o: ProductSheetOptions;
  /** Concurrent asks for one package share one read. */
  readonly #reading = new Map<string, Promise<ProductSheet>>();

  constructor(options: ProductSheetOptions) {
    this.#o = options;
  }

  async sheet(packageId: string): Promise<ProductSheet> {
    const offer = await this.#o.catalog.offer(packageId);
    if (!offer) {
      throw new AppFailure('not_found', 'This package is no longer offered. Pick another one.', {
        reason: 'package_no_longer_offered',
      });
    }
    let pending = this.#reading.get(packageId);
    if (!pending) {
      pending = this.#read(packageId).finally(() => this.#reading.delete(packageId));
      this.#reading.set(packageId, pending);
    }
    return pending;
  }

  /**
   * The package's terms or product sheet PDF, as the service linked them for it: nothing the page
   * names is opened, only what the sheet holds, and only over https.
   */
  async openLink(packageId: string, link: 'terms' | 'sheetPdf'): Promise<{ url: string; opened: boolean }> {
    const sheet = await this.sheet(packageId);
    const url = link === 'terms' ? sheet.termsUrl : sheet.sheetPdfUrl;
    if (url === null || !isHttps(url)) {
      throw new AppFailure('not_found', 'The eSIM service gives no such link for this package.', {
        reason: 'sheet_link_missing',
      });
    }
    if (!this.#o.openExternal) return { url, opened: false };
    await this.#o.openExternal(url);
    return { url, opened: true };
  }

  async #read(packageId: string): Promise<ProductSheet> {
    const { db } = this.#o;
    const facts = catalogFacts(db, packageId) ?? null;
    const stored = getStoredSheet(db, packageId);
    const catalogueAt = catalogFetchedAt(db);
    if (stored && (catalogueAt === null || stored.fetchedAt >= catalogueAt)) {
      return sheetOf(packageId, JSON.parse(stored.payload) as ProductInformation, facts, stored.fetchedAt, false);
    }
    try {
      const info = await getProductInformation(this.#o.partner, packageId);
      const at = new Date((this.#o.now ?? Date.now)()).toISOString();
      putStoredSheet(db, packageId, info.version_hash, JSON.stringify(info), at);
      return sheetOf(packageId, info, facts, at, false);
    } catch (error) {
      if (!(error instanceof PartnerError)) throw error;
      // The service has no sheet for it: the catalogue's facts are all there is, and that is current.
      if (error.kind === 'not_found') {
        dropStoredSheet(db, packageId);
        return sheetOf(packageId, null, facts, null, false);
      }
      this.#o.log?.('product sheet not read; showing the kept one', error);
      if (stored) return sheetOf(packageId, JSON.parse(stored.payload) as ProductInformation, facts, stored.fetchedAt, true);
      return sheetOf(packageId, null, facts, null, true);
    }
  }
}

/** The partner's sheet where it says something, else the catalogue's facts. */
export function sheetOf(
  packageId: string,
  info: ProductInformation | null,
  facts: OfferFacts | null,
  fetchedAt: string | null,
  stale: boolean,
): ProductSheet {
  const text = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
  const networks = info?.network_providers.length ? info.network_providers : (facts?.networks ?? []);
  const technologies = info?.network_technologies.length ? info.network_technologies : (facts?.technologies ?? []);
  return {
    packageId,
    networks,
    technologies,
    maxDownloadMbit: text(info?.max_download_speed_mbit),
    maxUploadMbit: text(info?.max_upload_speed_mbit),
    throttledDownload: text(info?.throttled_download_speed_mbit),
    throttleThresholdMb: info?.throttle_threshold_mb ?? null,
    activationPolicy: text(info?.activation_policy) ?? facts?.activationPolicy ?? null,
    kyc: facts?.kyc ?? null,
    fairUse: info ? (info.is_fair_usage_policy ? text(info.fair_usage_policy) : null) : (facts?.fairUse ?? null),
    isRoaming: info?.is_roaming ?? facts?.isRoaming ?? null,
    termsUrl: text(info?.terms_url),
    sheetPdfUrl: text(info?.pib_version_pdf_link),
    version: info?.pib_version ?? null,
    fetchedAt,
    stale,
  };
}

function isHttps(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
