import { useEffect, useRef } from 'react';
import { useStore } from '../../state/store.ts';
import { basketLine, type BasketItem } from './basket-items.ts';

/**
 * The customer display follows the basket while it is filled: each line at the backend's price and
 * the total; a basket the clerk empties takes it back to the welcome. One show at a time, the
 * newest last: a slower answer for an older basket never ends on the display after a newer one.
 * Inactive (sent, sold), it leaves the display to the answer: a QR shown, the thanks after Done.
 */
export function useBasketDisplay(items: readonly BasketItem[], active: boolean): void {
  const key = active ? JSON.stringify(items.map(basketLine)) : null;
  const wanted = useRef<string | null>(null);
  // What this screen last put on the display; null when it put nothing there since it was last active.
  const shown = useRef<string | null>(null);
  const showing = useRef(false);

  useEffect(() => {
    wanted.current = key;
    if (key === null) shown.current = null;
    if (key === null || showing.current) return;
    showing.current = true;
    void (async () => {
      while (wanted.current !== null && wanted.current !== (shown.current ?? '[]')) {
        const next = wanted.current;
        const lines = JSON.parse(next) as ReturnType<typeof basketLine>[];
        const { showOnDisplay } = useStore.getState();
        await (lines.length > 0 ? showOnDisplay({ kind: 'basket', lines }) : showOnDisplay({ kind: 'idle' }));
        // Sent meanwhile: the answer's screen is not to be followed by an older basket or a welcome.
        if (wanted.current === null) break;
        shown.current = next;
      }
      showing.current = false;
    })();
  }, [key]);
}
