// Records the sandbox keeps. They are plain JSON so the SQLite store can hold them as text.
export type TokenRec = { token: string; clientId: string; issuedAt: number; expiresAt: number };

export type Bundle = {
  id: number;
  orderId: number;
  packageId: string;
  type: 'sim' | 'topup';
  amountMb: number;
  unlimited: boolean;
  days: number;
  usedMb: number;
  purchasedAt: number;
  activatedAt: number | null;
  expiresAt: number | null;
  finishedAt: number | null;
  /** Low-data levels already announced for this bundle ("75%", "90%", "3days", "1days"). */
  fired: string[];
};

export type SimRec = {
  id: number;
  iccid: string;
  orderId: number;
  packageId: string;
  createdAt: number;
  lpa: string;
  matchingId: string;
  confirmationCode: string | null;
  msisdn: string | null;
  brandSettingsName: string | null;
  recycled: boolean;
  recycledAt: number | null;
  sharing: { link: string; accessCode: string } | null;
  bundles: Bundle[];
  /** When a refund of this eSIM was approved (absent in states made before refunds were reviewed). */
  refundedAt?: number | null;
};

export type OrderStatus = 'completed' | 'failed' | 'partially_refunded' | 'refunded';

export type OrderRec = {
  id: number;
  code: string;
  type: 'sim' | 'topup';
  packageId: string;
  quantity: number;
  /** The quantity as the client sent it; the service echoes strings back as strings. */
  quantityEcho: number | string;
  description: string;
  brandSettingsName: string | null;
  currency: string;
  price: number;
  netPrice: number;
  createdAt: number;
  iccids: string[];
  /** For a top-up: the eSIM that received it. */
  targetIccid: string | null;
  status: OrderStatus;
  requestId: string | null;
  toEmail: string | null;
  sharingOption: string[];
  copyAddress: string[];
};

export type FutureStatus = 'pending' | 'failed' | 'retry' | 'processed' | 'cancelled';

export type FutureOrderRec = {
  requestId: string;
  packageId: string;
  quantity: number;
  description: string | null;
  dueAt: number;
  status: FutureStatus;
  webhookUrl: string | null;
  brandSettingsName: string | null;
  toEmail: string | null;
  sharingOption: string[];
  copyAddress: string[];
  createdAt: number;
  orderId: number | null;
};

export type AsyncOrderRec = {
  requestId: string;
  acceptedAt: number;
  webhookUrl: string;
  input: OrderInput;
  done: boolean;
};

export type OrderInput = {
  packageId: string;
  quantity: number;
  quantityEcho: number | string;
  description: string | null;
  brandSettingsName: string | null;
  toEmail: string | null;
  sharingOption: string[];
  copyAddress: string[];
};

export type SubscriptionType =
  'webhook_low_data' | 'email_low_data' | 'webhook_credit_limit' | 'email_credit_limit' | 'async_orders';

export type SubscriptionRec = {
  type: SubscriptionType;
  contactPoint: string;
  language: string | null;
  levels: number[] | null;
  createdAt: number;
};

export type RefundRec = {
  id: string;
  iccids: string[];
  reason: string;
  notes: string | null;
  email: string | null;
  createdAt: number;
  /** The manual review: absent (in review) in states made before it was simulated. */
  status?: 'in_review' | 'approved' | 'rejected';
  /** The eSIMs an approval refunded (all the request's unless the control API named some). */
  approvedIccids?: string[];
  decidedAt?: number | null;
};

export type VoucherRec = {
  code: string;
  kind: 'esim' | 'airmoney';
  packageId: string | null;
  bookingReference: string | null;
  amount: number | null;
  usageLimit: number | null;
  isPaid: boolean | null;
  createdAt: number;
};

export type DeliveryRec = {
  id: number;
  url: string;
  event: string;
  /** The exact bytes sent and signed. */
  body: string;
  signature: string;
  attempts: number;
  nextAttemptAt: number;
  status: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
};

export type EmailRec = {
  id: number;
  to: string;
  kind: string;
  subject: string;
  createdAt: number;
  /** An order's sharing e-mail: how it carries the eSIM ('link', 'pdf') and under which brand. */
  sharing?: string[];
  brand?: string | null;
};

export type Meta = {
  seed: number;
  clockOffset: number;
  balance: number;
  /** The credit line credit-limit notifications measure against (the last balance set). */
  creditLimit: number;
  creditLevelsFired: number[];
  stock: Record<string, number>;
  seq: { order: number; sim: number; bundle: number; refund: number; delivery: number; email: number };
};
