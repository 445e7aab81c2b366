import { useEffect, useState } from 'react';
import type { DayStatus } from '../../../../shared/reports.ts';
import { clock } from '../../../../shared/clock.ts';
import { api } from '../../api.ts';
import { useStoreTimeZone } from '../../clock.ts';

/**
 * At the till once today has been closed: sales go on, but into a supplementary close, so the
 * clerk knows their cash is not in the drawer the manager counted.
 */
export function DayClosedNotice() {
  const [status, setStatus] = useState<DayStatus | null>(null);
  const zone = useStoreTimeZone();
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
      Today was closed at {clock(last.closedAt, zone)} by {last.closedByName}. Sales from now on go into a supplementary close:
      keep their cash apart for the manager to count.
    </p>
  );
}
