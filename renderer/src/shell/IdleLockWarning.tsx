import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SessionView } from '../../../shared/contract.ts';
import { useFormats } from '../i18n/format.ts';
import { useStore } from '../state/store.ts';

/** How long before the idle lock the warning shows: 15 s, or a fifth of a short period. */
export function idleWarningMs(periodMs: number): number {
  return Math.min(15_000, Math.round(periodMs * 0.2));
}

/** What counts as someone being at the counter while the warning is up. */
const INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * A short warning before the idle lock, counting down, which any input dismisses (and tells the
 * backend, which otherwise only hears of activity through calls). Shortly before the lock is due
 * the backend is asked again, since calls made meanwhile have moved the lock on.
 */
export function IdleLockWarning() {
  const { t } = useTranslation();
  const f = useFormats();
  const session = useStore((s) => s.session);
  // The warning belongs to the answer it was worked out from: a newer answer hides it by itself.
  const [warning, setWarning] = useState<{ session: SessionView; deadline: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const shown = warning !== null && warning.session === session ? warning : null;

  useEffect(() => {
    if (session?.status !== 'active') return;
    const warnMs = idleWarningMs(session.idleLockAfterMs);
    const at = Date.now();
    const timer = setTimeout(
      () => {
        if (session.idleLockInMs > warnMs) return void useStore.getState().loadSession();
        setNow(Date.now());
        setWarning({ session, deadline: at + session.idleLockInMs });
      },
      Math.max(0, session.idleLockInMs - warnMs),
    );
    return () => clearTimeout(timer);
  }, [session]);

  useEffect(() => {
    if (shown === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    let told = false;
    const stay = () => {
      if (told) return;
      told = true;
      setWarning(null);
      void useStore.getState().stayActive();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, stay, { capture: true, passive: true });
    return () => {
      clearInterval(tick);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, stay, { capture: true });
    };
  }, [shown]);

  if (shown === null) return null;
  const seconds = Math.max(0, Math.ceil((shown.deadline - now) / 1000));
  return (
    <div className="idle-warning" role="alert">
      <Trans t={t} i18nKey="idleLock" values={{ seconds: f.number(seconds) }} components={{ b: <strong /> }} />
    </div>
  );
}
