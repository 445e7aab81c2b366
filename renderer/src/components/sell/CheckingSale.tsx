import { clockWithSeconds } from '../../../../shared/clock.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { useStoreTimeZone } from '../../clock.ts';

type Props = {
  sale: SaleView;
  check: { readonly busy: boolean; readonly at: number | null };
  onCheck(): void;
  onSetAside(): void;
};

/**
 * A sale whose outcome is not known yet (the answer did not come back). The backend looks it up
 * by itself; "Check now" asks at once and says what it found. The clerk may serve the next customer
 * meanwhile: the sale stays in History and is settled there, never sold twice.
 */
export function CheckingSale({ sale, check, onCheck, onSetAside }: Props) {
  const zone = useStoreTimeZone();
  const time = (ms: number) => clockWithSeconds(ms, zone);
  const found = check.busy
    ? `Asking the eSIM service about ${sale.reference}…`
    : check.at === null
      ? null
      : sale.status === 'uncertain'
        ? `Checked at ${time(check.at)}: the eSIM service shows no order for ${sale.reference} yet. The app keeps checking; it can take two minutes to be sure.`
        : `Checked at ${time(check.at)}: the order is still on its way to the eSIM service; no answer yet.`;

  return (
    <div className="notice warn checking" role="status">
      <p>
        <span className="spinner" aria-hidden="true" /> <strong>Checking with the eSIM service — do not sell again.</strong>
      </p>
      <p>
        {sale.failure?.reason ?? 'The answer has not come back yet.'} The app is finding out whether the eSIM was issued; this can
        take two minutes.
      </p>
      <p>
        <strong>The customer must not pay again, and must not be sold this again, until it is settled.</strong> Keep the payment
        until then.
      </p>
      <div className="actions">
        <button type="button" className="button secondary" disabled={check.busy} aria-busy={check.busy} onClick={onCheck}>
          {check.busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> Checking…
            </>
          ) : (
            'Check now'
          )}
        </button>
        <button type="button" className="button secondary" onClick={onSetAside}>
          Serve the next customer
        </button>
      </div>
      {found && <p className="small check-result">{found}</p>}
      <p className="small">
        Serving the next customer leaves {sale.reference} in History: the app checks it every 30 seconds and tells you here when
        it is settled.
      </p>
    </div>
  );
}
