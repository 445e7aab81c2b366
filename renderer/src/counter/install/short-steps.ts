/**
 * The short install steps (install:steps.*), in order: on the customer display, on the voucher and
 * under the clerk's guide. Short on purpose; the full, per-phone steps are the eSIM service's.
 */
export const SHORT_STEPS = ['wifi', 'open', 'scan', 'arrive'] as const;
