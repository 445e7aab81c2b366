import type { SaleStatus } from '../../../../shared/sales.ts';

export const STATUS_LABEL: Record<SaleStatus, string> = {
  pending: 'Being sent',
  submitting: 'Being sent',
  completed: 'Sold',
  failed: 'Failed',
  uncertain: 'Being checked',
  not_found: 'Not issued',
};
