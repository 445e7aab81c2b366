/**
 * A package's product information sheet, as the clerk reads it before selling: the partner's own
 * sheet (networks, speeds, fair use, activation policy) and, from the catalogue, whether the
 * operator asks the customer to verify their identity (KYC). Texts are the partner's data, shown
 * as they came; the screen words the rest.
 */
export type ProductSheet = {
  readonly packageId: string;
  readonly networks: readonly string[];
  /** "4G", "5G"… */
  readonly technologies: readonly string[];
  /** Mbit/s as the partner writes them ("150"); null when it does not say. */
  readonly maxDownloadMbit: string | null;
  readonly maxUploadMbit: string | null;
  /** The speed after the fair-use threshold ("1 Mbps"), when there is one. */
  readonly throttledDownload: string | null;
  readonly throttleThresholdMb: number | null;
  /** The partner's code ("first-usage", "purchase"…): the screen words the ones it knows. */
  readonly activationPolicy: string | null;
  /** True when the operator asks the customer to verify their identity before the eSIM works; null when unknown. */
  readonly kyc: boolean | null;
  readonly fairUse: string | null;
  readonly isRoaming: boolean | null;
  readonly termsUrl: string | null;
  readonly sheetPdfUrl: string | null;
  readonly version: number | null;
  /**
   * When the partner's sheet was read (ISO); null when the service had none and only the
   * catalogue's facts are shown. Kept while the catalogue lists the package.
   */
  readonly fetchedAt: string | null;
  /** True when the service could not be asked and this is the last sheet the counter kept (or the catalogue's facts). */
  readonly stale: boolean;
};

/** What the service holds for the back office's low-data e-mails, read back from it. */
export type LowDataStatus = {
  /** The address the service sends low-data e-mails to; null when none is subscribed. */
  readonly serviceEmail: string | null;
  /** The address this counter last saved. */
  readonly savedEmail: string | null;
  /** True when both agree. */
  readonly matches: boolean;
  readonly checkedAt: string;
};
