import { useEffect } from 'react';
import { useStore } from '../../state/store.ts';

/** The top-up being paid for; 'done' once the journal has it completed; null for nothing picked. */
export type TopupOnDisplay = { readonly iccid: string; readonly packageId: string } | 'done' | null;

/**
 * The customer display follows the top-up: the top-up picked and its price while the clerk takes
 * payment; "done" is the backend's to show once the journal has the top-up completed. A sale's
 * offer left on it goes as soon as the Top-up screen shows, so the customer never sees another
 * package's price while topping up.
 */
export function useTopupDisplay(show: TopupOnDisplay): void {
  const key = JSON.stringify(show);
  const saleOffer = useStore((s) => s.display?.kind === 'offer');
  useEffect(() => {
    const { display, showOnDisplay } = useStore.getState();
    const wanted = JSON.parse(key) as TopupOnDisplay;
    // The backend turned the display to "done" when the journal completed the top-up, which can be
    // before this screen hears of it: the display this screen last heard of may still say 'topup',
    // and clearing it would wipe the customer's "done".
    if (wanted === 'done') return;
    if (wanted) void showOnDisplay({ kind: 'topup', iccid: wanted.iccid, packageId: wanted.packageId });
    else if (display?.kind === 'offer' || display?.kind === 'topup') void showOnDisplay({ kind: 'idle' });
  }, [key, saleOffer]);
}
