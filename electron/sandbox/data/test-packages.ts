// The documented sandbox package ids that force an outcome, plus one for code 53, which the
// documentation lists as a business code without a package to reach it.
export type TestBehaviour = {
  /** Business code returned when the package is ordered. */
  orderCode?: number;
  /** Business code returned when its top-up is ordered. */
  topupCode?: number;
  /** Status a future order of it gets and keeps. */
  futureStatus?: 'pending' | 'retry' | 'failed';
};

export const TEST_PACKAGES: Readonly<Record<string, TestBehaviour>> = {
  'test-insufficient-balance-7days-1gb': { orderCode: 11 },
  'test-maintenance-mode-7days-1gb': { orderCode: 13 },
  'test-disabled-top-up-7days-1gb': { topupCode: 23 },
  'test-not-enough-7days-1gb': { orderCode: 33 },
  'test-out-of-stock-7days-1gb': { orderCode: 34 },
  'test-unexpected-error-7days-1gb': { orderCode: 53 },
  'test-create-pending-future-order-7days-1gb': { futureStatus: 'pending' },
  'test-create-retry-future-order-7days-1gb': { futureStatus: 'retry' },
  'test-create-failed-future-order-7days-1gb': { futureStatus: 'failed' },
};

export const BUSINESS_REASONS: Readonly<Record<number, (extra: string) => string>> = {
  11: (extra) => `Insufficient Airalo Credit: ${extra}`,
  13: () => 'The requested operator is currently undergoing maintenance. Please try again later.',
  23: (extra) => `The requested top-up has been disabled by the operator. ${extra}`.trim(),
  33: (extra) => `Insufficient stock of eSIMs remaining: ${extra}. Please try your request again later.`,
  34: () => 'The requested eSIM package is invalid or it is currently out of stock. Please try again later.',
  43: (extra) => `Bad request. ${extra} Please check your input and try again.`,
  53: () => "Something unexpected happened. We're working to resolve the issue. Please try again later.",
  73: (iccid) => `The eSIM with iccid ${iccid} has been recycled. It can no longer be used or topped up.`,
};
