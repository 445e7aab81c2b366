import { useEffect } from 'react';
import { useStore } from '../../state/store.ts';

export type TopupOnDisplay = { readonly iccid: string; readonly packageId: string } | { readonly topupId: string } | null;

/**
 * The customer display follows the top-up: the top-up picked and its price while the clerk takes
 * payment, then "done" once it went through. A sale's offer left on it goes as soon as the Top-up
 * screen shows, so the customer never sees another package's price while topping up.
 */
export function useTopupDisplay(show: TopupOnDisplay): void {
  const key = JSON.stringify(show);
  const saleOffer = useStore((s) => s.display?.kind === 'offer');
  useEffect(() => {
    const { display, showOnDisplay } = useStore.getState();
    const wanted = JSON.parse(key) as TopupOnDisplay;
    if (wanted && 'topupId' in wanted) void showOnDisplay({ kind: 'topup_done', topupId: wanted.topupId });
    else if (wanted) void showOnDisplay({ kind: 'topup', iccid: wanted.iccid, packageId: wanted.packageId });
    else if (display?.kind === 'offer' || display?.kind === 'topup') void showOnDisplay({ kind: 'idle' });
  }, [key, saleOffer]);
}
