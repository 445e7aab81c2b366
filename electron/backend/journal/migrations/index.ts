// The journal's migrations, in order. The runner reads these files from disk; the list exists
// so a bundler (and a reader) can see every file the build must ship next to the code.
// Append only: a migration is never edited or removed once it has landed.
export const MIGRATION_FILES: readonly string[] = [
  '0001-initial.sql',
  '0002-report-rollups.sql',
  '0003-day-closes.sql',
  '0004-refunds.sql',
  '0005-supplementary-closes.sql',
  '0006-lockout-backoff.sql',
  '0007-close-audit-head.sql',
  '0008-completed-is-final.sql',
  '0009-sale-voids.sql',
  '0010-known-costs.sql',
  '0011-staff-language.sql',
  '0012-local-prices.sql',
  '0013-chain-outbox.sql',
  '0014-esim-refunds.sql',
  '0015-vouchers-delivery.sql',
  '0016-future-and-group-orders.sql',
  '0017-till-sessions.sql',
  '0018-quarter-margin.sql',
  '0019-cash-denominations.sql',
  '0020-chain-till-refunds.sql',
  '0021-audit-action-index.sql',
  '0022-voucher-payment.sql',
  '0023-vouchers-in-reports.sql',
  '0024-report-figures.sql',
];
