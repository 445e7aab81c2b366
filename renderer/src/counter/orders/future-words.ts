/** A future order's state and failure in the clerk's words (the `orders` namespace). */
import type { FutureOrderView } from '../../../../shared/orders.ts';
import { i18n } from '../../i18n/i18n.ts';

/** Why nothing was made, and the service's own words where they are its plain refusal. */
export function futureFailureWords(failure: FutureOrderView['failure']): { words: string; detail: string | null } {
  if (!failure) return { words: i18n.t('orders:failure.rejected'), detail: null };
  return { words: i18n.t(`orders:failure.${failure.code}`), detail: failure.partnerMessage ?? null };
}

/** The state as a short label for a list: `retry` at the service reads as scheduled, trying again. */
export function futureStatusWords(order: Pick<FutureOrderView, 'status' | 'partnerStatus'>): string {
  if (order.status === 'scheduled' && order.partnerStatus === 'retry') return i18n.t('orders:status.retrying');
  return i18n.t(`orders:status.${order.status}`);
}
