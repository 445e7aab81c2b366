/**
 * Every way a call to the partner service can fail, as one closed union. `sent` is what the sale
 * state machine cares about most: false means the service cannot have acted on the request.
 */
export type PartnerErrorKind =
  | 'validation' // 422 with field messages
  | 'business' // 422 with a business code and reason
  | 'not_found'
  | 'rate_limited'
  | 'auth'
  | 'server' // 5xx
  | 'network_before_send' // nothing reached the service
  | 'network_after_send' // the request may have reached it: timeout, reset
  | 'malformed_response'; // a response we cannot read

export type PartnerErrorDetails = {
  readonly status?: number;
  readonly fields?: Readonly<Record<string, string>>;
  readonly businessCode?: number;
  readonly retryAfterSeconds?: number;
};

export class PartnerError extends Error {
  readonly kind: PartnerErrorKind;
  readonly details: PartnerErrorDetails;

  constructor(kind: PartnerErrorKind, message: string, details: PartnerErrorDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PartnerError';
    this.kind = kind;
    this.details = details;
  }

  /** True when the service may have carried the request out, so it must be looked up, never re-sent. */
  get outcomeUncertain(): boolean {
    return this.kind === 'network_after_send' || this.kind === 'server' || this.kind === 'malformed_response';
  }

  /** A log line without bodies, headers or secrets. */
  toLogFormat(): string {
    const parts = [`partner ${this.kind}`];
    if (this.details.status) parts.push(`status=${this.details.status}`);
    if (this.details.businessCode) parts.push(`code=${this.details.businessCode}`);
    return parts.join(' ');
  }
}
