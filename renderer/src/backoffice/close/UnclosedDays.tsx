/**
 * Days with takings that were never closed: a number beside Close in the rail, a line on the
 * manager's first screen, and a notice on Reports and Close that opens each day's close. The days
 * come from unclosed-store.ts.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { useUnclosed } from './unclosed-store.ts';

/** How many days the notice offers a button for; the rest are counted. */
const SHOWN = 5;

/** Asks again when the manager moves between screens: a close elsewhere may have settled a day. */
function useFollow(): void {
  const manager = useStore((s) => s.session?.status === 'active' && s.session.role === 'manager');
  useEffect(() => {
    if (!manager) return;
    const refresh = () => void useUnclosed.getState().refresh();
    refresh();
    window.addEventListener('hashchange', refresh);
    return () => window.removeEventListener('hashchange', refresh);
  }, [manager]);
}

/** Beside Close in the rail: how many past days were never closed. */
export function UnclosedBadge() {
  useFollow();
  const { t } = useTranslation('close');
  const count = useUnclosed((s) => s.days.length);
  if (count === 0) return null;
  const label = t('unclosed.badge', { count });
  return (
    <span className="nav-badge nav-badge-checking" aria-label={label} title={label} data-testid="unclosed-badge">
      {count}
    </span>
  );
}

/**
 * On the screen a manager lands on: the count and the way to Close, in one line. A number in the
 * rail is easy to pass by; a day left open is money nobody counted. A status, not an alert: it
 * is there at every visit to the screen and must not interrupt a sale.
 */
export function UnclosedReminder() {
  // The rail's badge, always beside it, keeps the count fresh (useFollow).
  const { t } = useTranslation(['close', 'common']);
  const count = useUnclosed((s) => s.days.length);
  if (count === 0) return null;
  return (
    <p className="notice warn unclosed unclosed-reminder" role="status" data-testid="unclosed-reminder">
      <span>{t('unclosed.notice', { count })}</span>
      <button type="button" className="button small secondary" onClick={() => openScreen('close')}>
        {t('common:nav.close')}
      </button>
    </p>
  );
}

/** The days never closed, each with a button to its close; `onOpen` shows a day on the Close screen. */
export function UnclosedNotice({ onOpen }: { onOpen: (date: string) => void }) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const days = useUnclosed((s) => s.days);
  useEffect(() => void useUnclosed.getState().refresh(true), []);
  if (days.length === 0) return null;
  const rest = days.length - SHOWN;
  return (
    <div className="notice warn unclosed" role="alert" data-testid="unclosed-days">
      <span>{t('unclosed.notice', { count: days.length })}</span>{' '}
      {days.slice(0, SHOWN).map((d) => (
        <button
          key={d.date}
          type="button"
          className="button small secondary"
          onClick={() => {
            onOpen(d.date);
            openScreen('close');
          }}
        >
          {t('unclosed.closeDay', { date: f.day(d.date) })}
        </button>
      ))}
      {rest > 0 && <span> {t('unclosed.more', { count: rest })}</span>}
    </div>
  );
}
