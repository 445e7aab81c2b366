/**
 * How the eSIM service e-mails a sold eSIM to the customer (a link to its page, a PDF, or both),
 * under which of the partner's brands, with a copy to the store; and what History can do with it
 * afterwards. The service has no operation that e-mails an eSIM again: "send again" gives the
 * clerk the eSIM's own sharing page (link and access code) to send, where the service has one.
 * Free of zod, so the renderer's first bundle stays small: the schemas are in delivery-schemas.ts.
 */
export const SHARING_OPTIONS = ['link', 'pdf'] as const;
export type SharingOption = (typeof SHARING_OPTIONS)[number];

/** What a sale asked the service to send, as recorded with it. */
export type SaleDelivery = {
  readonly sharing: readonly SharingOption[];
  /** The store's address the service copied the e-mail to; null for no copy. */
  readonly copyTo: string | null;
  /** The partner's brand the eSIM was sold under; null for the service's own. */
  readonly brand: string | null;
};

/** The checkout's choices, as a manager set them in Settings. */
export type DeliveryOptions = {
  /** The store's copy address; null when none is set (no copy can be asked for). */
  readonly storeEmail: string | null;
  /** The partner's brands this store uses, as a manager listed them. */
  readonly brands: readonly string[];
  /** The brand a new sale starts with; null for the service's own. */
  readonly defaultBrand: string | null;
  /** How the e-mail is sent when the clerk does not change it. */
  readonly defaultSharing: readonly SharingOption[];
};

/** One sold eSIM's brand and sharing page, as the service holds them now. */
export type EsimDelivery = {
  readonly iccid: string;
  readonly brand: string | null;
  /** Whether the service has a sharing page for this eSIM: only then can it be sent again. */
  readonly canSendAgain: boolean;
  /** The sharing page and its access code: only in the answer of esims.sendAgain. */
  readonly link: string | null;
  readonly accessCode: string | null;
  /** The customer's address the sale was sent to, if any. */
  readonly customerEmail: string | null;
};
