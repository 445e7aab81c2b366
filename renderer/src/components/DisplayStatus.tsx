import type { DisplayKind } from '../../../shared/display.ts';
import { useStore } from '../state/store.ts';
import { clock } from '../../../shared/clock.ts';
import { useStoreTimeZone } from '../clock.ts';

const LABEL: Record<DisplayKind, string> = {
  idle: 'Welcome',
  offer: 'Offer and price',
  install: 'QR code',
  thanks: 'Thank you',
  topup: 'Top-up and price',
  topup_done: 'Top-up done',
};

/** One line telling the clerk what the customer sees, so a QR left up is noticed. */
export function DisplayStatus() {
  const display = useStore((s) => s.display);
  const zone = useStoreTimeZone();
  if (!display) return null;
  return (
    <p className={`display-status display-${display.kind}`} role="status" aria-label="Customer display">
      Customer display: <strong>{LABEL[display.kind]}</strong>
      {display.kind === 'install' && ` · clears at ${clock(display.clearsAt, zone)}`}
    </p>
  );
}
