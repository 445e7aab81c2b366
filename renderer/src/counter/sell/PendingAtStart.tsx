import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingSales } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';

/** Where a dismissal is remembered: per start, so the next restart's summary shows again. */
const DISMISSED_KEY = 'esim-counter.pending-at-start-dismissed';

function dismissedFor(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * After a restart that found unfinished sales: how each group ended, so the clerk knows which
 * customers got their eSIM, whose money goes back, and which are still being checked.
 */
export function PendingAtStart() {
  const summary = useStore((s) => s.pendingAtStart);
  const [dismissed, setDismissed] = useState(dismissedFor);
  if (!summary || summary.checked === 0 || dismissed === summary.settledAt) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, summary.settledAt);
    } catch {
      // A window without storage shows the summary again after a reload; nothing is lost.
    }
    setDismissed(summary.settledAt);
  };
  return <PendingAtStartNotice summary={summary} onDismiss={dismiss} />;
}

/** The summary itself, in the clerk's language and on the store's clock. */
export function PendingAtStartNotice({ summary, onDismiss }: { summary: Omit<PendingSales, 'unsettled'>; onDismiss(): void }) {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  const parts = [
    summary.completed > 0 && t('pendingAtStart.completed', { count: summary.completed }),
    summary.notSent > 0 && t('pendingAtStart.notSent', { count: summary.notSent }),
    summary.notFound > 0 && t('pendingAtStart.notFound', { count: summary.notFound }),
    summary.stillUncertain > 0 && t('pendingAtStart.stillChecking', { count: summary.stillUncertain }),
  ].filter((p): p is string => typeof p === 'string');
  return (
    <div className="notice warn pending-at-start" role="status" data-testid="pending-at-start">
      <p>
        <strong>{t('pendingAtStart.heading', { count: summary.checked, time: f.time(summary.settledAt) })}</strong>{' '}
        {t('pendingAtStart.ofThese', { parts: parts.join(t('pendingAtStart.separator')) })}
      </p>
      <div className="actions">
        <button type="button" className="button small" onClick={() => openScreen('history')}>
          {t('pendingAtStart.openHistory')}
        </button>
        <button type="button" className="button small secondary" onClick={onDismiss}>
          {t('common:action.understood')}
        </button>
      </div>
    </div>
  );
}
