import { printPage } from '../../print/printPage.ts';
import { TopupReceipt } from '../../print/TopupReceipt.tsx';
import { useEffect, useRef } from 'react';
import type { Environment } from '../../../../shared/contract.ts';
import { dateTime } from '../../../../shared/clock.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { useStoreTimeZone } from '../../clock.ts';
import type { TopupView } from '../../../../shared/sales.ts';
import { groupIccid } from '../EsimCodes.tsx';
import { PAYMENT_LABEL } from '../sell/checkout.ts';

type Props = {
  topup: TopupView;
  storeName: string;
  environment: Environment;
  onUsage(): void;
  onNew(): void;
};

/** The finished top-up: what was added, the reference, a receipt to print, and the next customer. */
export function TopupResult({ topup, storeName, environment, onUsage, onNew }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const zone = useStoreTimeZone();
  const when = dateTime(topup.completedAt ?? topup.createdAt, zone);

  return (
    <section className="result topup-result" aria-labelledby="topup-result-heading">
      <div className="result-head">
        <h2 id="topup-result-heading" ref={heading} tabIndex={-1}>
          <span className="tick" aria-hidden="true">
            ✓
          </span>{' '}
          Topped up — {topup.packageData} · {topup.packageDays} days
        </h2>
        <p className="muted">
          {formatMoney(topup.price)} · {PAYMENT_LABEL[topup.paymentMethod]} · reference {topup.reference}
        </p>
      </div>
      <div className="panel">
        <dl className="summary">
          <dt>eSIM</dt>
          <dd className="iccid-digits">{groupIccid(topup.iccid)}</dd>
          <dt>Added</dt>
          <dd>
            {topup.packageData} for {topup.packageDays} days <span className="muted">({topup.packageTitle})</span>
          </dd>
          <dt>When</dt>
          <dd>{when}</dd>
          {topup.partnerOrderCode && (
            <>
              <dt>Order code</dt>
              <dd>{topup.partnerOrderCode}</dd>
            </>
          )}
        </dl>
        <p className="notice good">
          The data is added to the eSIM already on the customer’s phone: nothing to scan or install. It can take a few minutes to
          show in the usage.
        </p>
        <div className="actions">
          <button type="button" className="button secondary big" onClick={() => void printPage('receipt80')}>
            Print receipt
          </button>
          <button type="button" className="button secondary" onClick={onUsage}>
            Check usage
          </button>
          <button type="button" className="button finish big" onClick={onNew}>
            Next top-up <kbd>Esc</kbd>
          </button>
        </div>
      </div>
      <TopupReceipt topup={topup} storeName={storeName} environment={environment} />
    </section>
  );
}
