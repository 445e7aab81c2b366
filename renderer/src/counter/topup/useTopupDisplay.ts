import { useEffect } from 'react';
import { useStore } from '../../state/store.ts';

export type TopupOnDisplay = { readonly iccid: string; readonly packageId: string } | null;

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
    if (wanted) void showOnDisplay({ kind: 'topup', iccid: wanted.iccid, packageId: wanted.packageId });
    else if (display?.kind === 'offer' || display?.kind === 'topup') void showOnDisplay({ kind: 'idle' });
  }, [key, saleOffer]);
}
