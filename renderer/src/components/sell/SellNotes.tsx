import type { SaleView } from '../../../../shared/sales.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { openScreen } from '../../nav.ts';
import type { CheckoutEntries } from '../../state/checkout.ts';
import { useStore } from '../../state/store.ts';
import { groupIccid } from '../EsimCodes.tsx';
import { PAYMENT_LABEL } from './checkout.ts';
import '../../sell-notes.css';

/** A scanned or typed ICCID in the country search: this customer came for a top-up. */
export function IccidOffer({ iccid }: { iccid: string }) {
  return (
    <div className="notice warn iccid-offer" role="status">
      <p>
        <strong>This looks like an eSIM’s ICCID</strong> ({groupIccid(iccid)}) — top it up?
      </p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          useStore.getState().handOffIccid(iccid);
          openScreen('topup');
        }}
      >
        Top up this eSIM
      </button>
    </div>
  );
}

/** What the clerk entered, kept while another package is chosen; Start over forgets it. */
export function KeptEntries({ entries, onStartOver }: { entries: CheckoutEntries; onStartOver(): void }) {
  const parts = [
    `${entries.quantity} ${entries.quantity === 1 ? 'eSIM' : 'eSIMs'}`,
    entries.paymentMethod ? `${PAYMENT_LABEL[entries.paymentMethod]} taken` : null,
    entries.email.trim() || null,
  ].filter((p) => p !== null);
  return (
    <div className="kept-entries" role="note">
      <p>
        <strong>Kept for this sale:</strong> {parts.join(' · ')}
      </p>
      <button type="button" className="button small secondary" onClick={onStartOver}>
        Start over
      </button>
    </div>
  );
}

/** Sales set aside while still being checked: the next customer is served, these are not forgotten. */
export function AsideSales({ sales }: { sales: readonly SaleView[] }) {
  return (
    <div className="notice warn aside-sales" role="note" aria-label="Sales being checked">
      {sales.map((sale) => (
        <p key={sale.id}>
          <span className="spinner" aria-hidden="true" /> Still being checked: <strong>{sale.reference}</strong> (
          {sale.packageData} · {sale.packageDays} days, {formatMoney(sale.total)}). Do not sell it again or take its payment
          again; you are told when it is settled.
        </p>
      ))}
    </div>
  );
}
