import type { SalesReadiness } from '../../../../shared/sales.ts';

/**
 * Whether a sale may be taken now to be e-mailed later: a manager allows it, the service cannot be
 * reached or holds orders, and nothing else pauses sales (a full journal could not keep it).
 */
export function offlinePossible(readiness: SalesReadiness | null): boolean {
  return (
    readiness !== null &&
    readiness.offline.enabled &&
    readiness.paused === null &&
    (readiness.service.state === 'unreachable' || readiness.orderHold !== null)
  );
}
