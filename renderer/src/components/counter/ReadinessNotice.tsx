import { useEffect } from 'react';
import type { SalesReadiness } from '../../../../shared/sales.ts';
import { clock } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { useStore } from '../../state/store.ts';

/**
 * How often Sell and Top up ask whether they may sell. The backend probes the service at most as
 * often, so a notice goes within this long of the service answering again (events make it sooner).
 */
const READINESS_MS = 15_000;

/** Keeps the store's readiness fresh while a selling screen is open. */
export function useReadiness(): SalesReadiness | null {
  useEffect(() => {
    void useStore.getState().loadReadiness();
    const timer = setInterval(() => void useStore.getState().loadReadiness(), READINESS_MS);
    return () => clearInterval(timer);
  }, []);
  return useStore((s) => s.readiness);
}

/** Nothing may be sold now: a pause, or a service that cannot be reached. No payment should be taken. */
export function sellingBlocked(readiness: SalesReadiness | null): boolean {
  return readiness !== null && (readiness.paused !== null || readiness.service.state === 'unreachable');
}

/**
 * Said before the clerk takes any payment, on every step of Sell and Top up: why nothing can be
 * sold now, and that it comes back by itself.
 */
export function ReadinessNotice({ readiness }: { readiness: SalesReadiness | null }) {
  const zone = useStoreTimeZone();
  if (!readiness) return null;
  const { paused, service } = readiness;
  if (paused === 'low_balance') {
    return (
      <Banner title="Sales are paused:" testId="paused-banner">
        the shop’s eSIM account needs topping up. Ask a manager.
      </Banner>
    );
  }
  if (paused === 'journal_unavailable') {
    return (
      <Banner title="Sales are paused:" testId="paused-banner">
        the sales journal cannot be written (the disk may be full), so a sale could not be recorded. Call the manager.
      </Banner>
    );
  }
  if (service.state === 'unreachable') {
    return (
      <Banner title="The eSIM service cannot be reached" testId="unreachable-banner">
        {' '}
        since {clock(service.since, zone)}
        {service.lastContactAt ? ` (last answer at ${clock(service.lastContactAt, zone)})` : ''}. Check the shop’s internet
        connection. Selling comes back by itself as soon as the service answers.
      </Banner>
    );
  }
  return null;
}

function Banner({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="notice error paused-banner" role="alert" data-testid={testId}>
      <p>
        <strong>{title}</strong> {children}
      </p>
      <p>Do not take the customer’s payment until this message has gone.</p>
    </div>
  );
}
