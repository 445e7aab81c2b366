/** What the counter shows about an eSIM after the sale: usage, devices, install steps. */

export type UsageReading = {
  readonly iccid: string;
  /** NOT_ACTIVE, ACTIVE, FINISHED, UNKNOWN, EXPIRED, or another word the service uses (RECYCLED). */
  readonly status: string;
  /** Null for unlimited packages, where the service's numbers mean nothing. */
  readonly remainingMb: number | null;
  readonly totalMb: number | null;
  readonly isUnlimited: boolean;
  /**
   * ISO-8601 UTC, or null when the eSIM has no expiry yet (or was recycled). While it is NOT_ACTIVE
   * this is the end of the install window (the partner's install_window_days after the purchase;
   * the eSIM is recycled if not installed by then), not the end of the package.
   */
  readonly expiresAt: string | null;
  /** The validity in days of the package this counter sold with the eSIM; null when it sold none. */
  readonly packageDays: number | null;
  /** When the service gave this reading. */
  readonly asOf: string;
  /** The earliest moment a new reading can be asked for. */
  readonly nextRefreshAt: string;
  readonly fromCache: boolean;
};

export type DeviceMatch = { readonly brand: string; readonly name: string; readonly model: string | null; readonly os: string };

/**
 * Install steps in one language. The manual steps carry the activation code, so they come only to
 * someone who may see this eSIM's code; otherwise they are empty and `manualHidden` says why.
 */
export type InstallSteps = {
  readonly language: string;
  readonly manualHidden: boolean;
  readonly platforms: readonly {
    readonly os: 'ios' | 'android';
    readonly model: string | null;
    readonly version: string | null;
    readonly qrSteps: readonly string[];
    readonly manualSteps: readonly string[];
    readonly networkSteps: readonly string[];
  }[];
};
