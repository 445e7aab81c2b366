import { useEffect, useState } from 'react';

/** `retryAfter` while it is ahead of this screen's clock; null from the moment it passes (re-rendered then). */
export function useWaitUntil(retryAfter: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  const until = retryAfter ? Date.parse(retryAfter) : NaN;
  useEffect(() => {
    if (!(until > now)) return;
    // Also when `now` is older than the wall clock (a view that arrived later): the timer catches up.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now() + 50));
    return () => clearTimeout(timer);
  }, [until, now]);
  return retryAfter && until > now ? retryAfter : null;
}
