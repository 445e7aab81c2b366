/** What the counter shows about an eSIM after the sale: usage, devices, install steps. */

export type UsageReading = {
  readonly iccid: string;
  /** NOT_ACTIVE, ACTIVE, FINISHED, UNKNOWN, EXPIRED, or another word the service uses (RECYCLED). */
  readonly status: string;
  /** Null for unlimited packages, where the service's numbers mean nothing. */
  readonly remainingMb: number | null;
  readonly totalMb: number | null;
  readonly isUnlimited: boolean;
  /** ISO-8601 UTC, or null when the eSIM has no expiry yet (or was recycled). */
  readonly expiresAt: string | null;
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
