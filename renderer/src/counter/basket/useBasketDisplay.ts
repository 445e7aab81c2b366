import { useEffect, useRef } from 'react';
import type { InputOf } from '../../../../shared/contract.ts';
import { useStore } from '../../state/store.ts';

type Lines = InputOf<'baskets.create'>['lines'];

/**
 * The customer display follows the basket: its lines at the backend's price and the total while it
 * is filled, the issued ones once sold; an emptied basket takes it back to the welcome. Null leaves
 * the display alone (a basket on its way). One show at a time, the newest last: a slower answer for
 * an older basket never ends on the display after a newer one. A show refused (a package gone from
 * the catalogue) leaves the welcome rather than an old basket, and is tried again at the next change.
 */
export function useBasketDisplay(lines: Lines | null): void {
  const key = lines === null ? null : JSON.stringify(lines);
  const wanted = useRef<string | null>(null);
  // What this screen last put on the display; null when it put nothing there since it last had a say.
  const shown = useRef<string | null>(null);
  const showing = useRef(false);

  useEffect(() => {
    wanted.current = key;
    if (key === null) shown.current = null;
    if (key !== null && !showing.current) {
      showing.current = true;
      void (async () => {
        while (wanted.current !== null && wanted.current !== (shown.current ?? '[]')) {
          const next = wanted.current;
          const nextLines = JSON.parse(next) as Lines;
          const { display, showOnDisplay } = useStore.getState();
          let ok = true;
          if (nextLines.length > 0) ok = await showOnDisplay({ kind: 'basket', lines: nextLines });
          // Only the basket this screen put there is taken down: a QR or a thank-you stays.
          else if (display?.kind === 'basket') await showOnDisplay({ kind: 'idle' });
          if (!ok) await showOnDisplay({ kind: 'idle' });
          // Left, or sent meanwhile: what comes next is not this basket's to undo.
          if (wanted.current === null) break;
          shown.current = ok ? next : null;
          if (!ok) break;
        }
        showing.current = false;
      })();
    }
    return () => {
      wanted.current = null;
    };
  }, [key]);
}
