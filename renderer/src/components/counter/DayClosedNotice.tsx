import { useEffect, useState } from 'react';
import type { DayStatus } from '../../../../shared/reports.ts';
import { api } from '../../api.ts';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * At the till once today has been closed: sales go on, but into a supplementary close, so the
 * clerk knows their cash is not in the drawer the manager counted.
 */
export function DayClosedNotice() {
  const [status, setStatus] = useState<DayStatus | null>(null);
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
      Today was closed at {timeOf(last.closedAt)} by {last.closedByName}. Sales from now on go into a supplementary close: keep
      their cash apart for the manager to count.
    </p>
  );
}
