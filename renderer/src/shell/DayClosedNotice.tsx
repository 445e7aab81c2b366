import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../i18n/format.ts';
import { useStore } from '../state/store.ts';

/**
 * At the till once today has been closed: sales go on, but into a supplementary close, so the
 * clerk knows their cash is not in the drawer the manager counted. Read with the till (state/till.ts):
 * the selling screen is drawn with it above, not pushed down when it comes.
 */
export function DayClosedNotice() {
  const status = useStore((s) => s.dayStatus);
  const { t } = useTranslation();
  const f = useFormats();
  useEffect(() => {
    const load = () => void useStore.getState().loadDayStatus();
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, []);
  const last = status?.lastClose;
  if (!last) return null;
  return (
    <p className="notice warn day-closed" role="note">
      {t('dayClosed', { time: f.time(last.closedAt), name: last.closedByName })}
    </p>
  );
}
