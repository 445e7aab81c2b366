import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayStatus } from '../../../shared/reports.ts';
import { api } from '../api.ts';
import { useFormats } from '../i18n/format.ts';

/**
 * At the till once today has been closed: sales go on, but into a supplementary close, so the
 * clerk knows their cash is not in the drawer the manager counted.
 */
export function DayClosedNotice() {
  const [status, setStatus] = useState<DayStatus | null>(null);
  const { t } = useTranslation();
  const f = useFormats();
  useEffect(() => {
    let live = true;
    const load = () =>
      void api()
        .call('close.status', {})
        .then((result) => live && result.ok && setStatus(result.value));
    load();
    window.addEventListener('focus', load);
    return () => {
      live = false;
      window.removeEventListener('focus', load);
    };
  }, []);
  const last = status?.lastClose;
  if (!last) return null;
  return (
    <p className="notice warn day-closed" role="note">
      {t('dayClosed', { time: f.time(last.closedAt), name: last.closedByName })}
    </p>
  );
}
