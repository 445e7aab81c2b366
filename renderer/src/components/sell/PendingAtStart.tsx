import { useState } from 'react';
import { clock } from '../../../../shared/clock.ts';
import { useStoreTimeZone } from '../../clock.ts';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * After a restart that found unfinished sales: how each group ended, so the clerk knows which
 * customers got their eSIM, whose money goes back, and which are still being checked.
 */
export function PendingAtStart() {
  const summary = useStore((s) => s.pendingAtStart);
  const [dismissed, setDismissed] = useState(dismissedFor);
  const zone = useStoreTimeZone();
  if (!summary || summary.checked === 0 || dismissed === summary.settledAt) return null;
  const parts = [
    summary.completed > 0 && `${plural(summary.completed, 'was', 'were')} completed: the eSIM is in History`,
    summary.notSent > 0 && `${plural(summary.notSent, 'was', 'were')} never sent: nothing was charged`,
    summary.notFound > 0 && `${plural(summary.notFound, 'is', 'are')} unknown to the eSIM service: nothing was charged`,
    summary.stillUncertain > 0 && `${plural(summary.stillUncertain, 'is', 'are')} still being checked`,
  ].filter((p): p is string => typeof p === 'string');
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, summary.settledAt);
    } catch {
      // A window without storage shows the summary again after a reload; nothing is lost.
    }
    setDismissed(summary.settledAt);
  };
  return (
    <div className="notice warn pending-at-start" role="status" data-testid="pending-at-start">
      <p>
        <strong>
          When the app started at {clock(summary.settledAt, zone)}, {plural(summary.checked, 'sale was', 'sales were')}{' '}
          unfinished.
        </strong>{' '}
        Of these, {parts.join('; ')}.
      </p>
      <div className="actions">
        <button type="button" className="button small" onClick={() => openScreen('history')}>
          Open History
        </button>
        <button type="button" className="button small secondary" onClick={dismiss}>
          Understood
        </button>
      </div>
    </div>
  );
}
