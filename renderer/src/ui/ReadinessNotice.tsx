import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../api.ts';
import { useTranslation } from 'react-i18next';
import type { SalesReadiness } from '../../../shared/sales.ts';
import { useFormats } from '../i18n/format.ts';
import { useStore } from '../state/store.ts';
import { LiveWords } from './LiveWords.tsx';

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

/** Nothing may be sold now: a pause, a service that cannot be reached, or its wait on orders. No payment should be taken. */
export function sellingBlocked(readiness: SalesReadiness | null): boolean {
  return (
    readiness !== null && (readiness.paused !== null || readiness.service.state === 'unreachable' || readiness.orderHold !== null)
  );
}

/**
 * Said before the clerk takes any payment, on every step of Sell and Top up: why nothing can be
 * sold now, and that it comes back by itself. The banner is an alert when it appears; when it goes,
 * a polite live region says selling is back, which a screen reader would not hear otherwise.
 */
export function ReadinessNotice({ readiness }: { readiness: SalesReadiness | null }) {
  const { t } = useTranslation();
  const blocked = sellingBlocked(readiness);
  const [wasBlocked, setWasBlocked] = useState(blocked);
  const [back, setBack] = useState(false);
  if (blocked !== wasBlocked) {
    setWasBlocked(blocked);
    setBack(!blocked);
  }
  return (
    <>
      <LiveWords words={back ? t('readiness.back') : ''} />
      <ReadinessBanner readiness={readiness} />
    </>
  );
}

function ReadinessBanner({ readiness }: { readiness: SalesReadiness | null }): ReactNode {
  const { t } = useTranslation();
  const f = useFormats();
  if (!readiness) return null;
  const { paused, service } = readiness;
  if (paused === 'low_balance') {
    return <Banner title={t('readiness.paused')} text={t('readiness.lowBalance')} testId="paused-banner" />;
  }
  if (paused === 'journal_unavailable') {
    return <Banner title={t('readiness.paused')} text={t('readiness.journal')} testId="paused-banner" />;
  }
  if (service.state === 'unreachable') {
    const since = f.time(service.since);
    const text = service.lastContactAt
      ? t('readiness.unreachableSinceLast', { since, last: f.time(service.lastContactAt) })
      : t('readiness.unreachableSince', { since });
    return <Banner title={t('readiness.unreachable')} text={text} testId="unreachable-banner" />;
  }
  if (readiness.orderHold) return <OrderHoldBanner />;
  return null;
}

/**
 * The service's wait on orders, counted down each second. A timer, not an alert: a screen reader
 * would read an alert out again at every tick. At zero the store lets sales go on.
 */
function OrderHoldBanner() {
  const { t } = useTranslation();
  const endsAt = useStore((s) => s.orderHoldEndsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = endsAt === null ? 0 : Math.ceil((endsAt - now) / 1000);
  useEffect(() => {
    if (endsAt !== null && seconds <= 0) useStore.getState().ordersHeld(null);
  }, [endsAt, seconds]);
  if (seconds <= 0) return null;
  return (
    <div className="notice error paused-banner" role="timer" data-testid="order-hold-banner">
      <p>
        <strong>{t('readiness.paused')}</strong> {t('readiness.orderHold', { count: seconds })}
      </p>
      <p>{t('readiness.noPayment')}</p>
    </div>
  );
}

function Banner({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  // A manager allows sales while the service is away: Sell can take one, its eSIM e-mailed later.
  const offline = useStore((s) => s.readiness?.offline.enabled === true && s.readiness.paused === null);
  return (
    <div className="notice error paused-banner" role="alert" data-testid={testId}>
      <p>
        <strong>{title}</strong> {text}
      </p>
      <p>{offline && testId !== 'paused-banner' ? t('readiness.offlineSell') : t('readiness.noPayment')}</p>
    </div>
  );
}

/** An order whose cost the shop's credit must cover: a package and quantity, or a top-up of an eSIM. */
export type CoverQuery = { readonly packageId: string; readonly quantity: number; readonly iccid?: string };

/**
 * Whether the shop's credit covers the order, asked whenever the order changes: false means the
 * service would refuse it, so the clerk must hear it before taking payment, floor or no floor.
 * Null while unknown (being asked, or the balance cannot be read): the order itself will tell.
 */
export function useCreditCovers(query: CoverQuery | null): boolean | null {
  const key = query ? `${query.packageId}|${query.quantity}|${query.iccid ?? ''}` : null;
  const [answer, setAnswer] = useState<{ key: string; covered: boolean | null } | null>(null);
  useEffect(() => {
    if (!query || key === null) return;
    let current = true;
    void api()
      .call('sales.covers', query.iccid ? query : { packageId: query.packageId, quantity: query.quantity })
      .then((result) => {
        if (current) setAnswer({ key, covered: result.ok ? result.value.covered : null });
      });
    return () => {
      current = false;
    };
    // The key is the query's whole identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer && answer.key === key ? answer.covered : null;
}

/** Said before payment when the shop's credit cannot pay for the order. */
export function CreditShortNotice({ covered }: { covered: boolean | null }) {
  const { t } = useTranslation();
  if (covered !== false) return null;
  return (
    <div className="notice error paused-banner" role="alert" data-testid="credit-short">
      <p>
        <strong>{t('readiness.creditShort')}</strong> {t('readiness.creditShortNext')}
      </p>
      <p>{t('readiness.noPayment')}</p>
    </div>
  );
}
