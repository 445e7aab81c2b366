import { printPage } from '../../print/printPage.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentWords } from '../sell/checkout.ts';
import { createPortal } from 'react-dom';
import type { Environment } from '../../../../shared/contract.ts';
import { dateTime } from '../../../../shared/clock.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { useStoreTimeZone } from '../../clock.ts';
import { useFormats } from '../../i18n/format.ts';
import type { TopupView } from '../../../../shared/sales.ts';
import { Barcode } from '../Barcode.tsx';
import { groupIccid } from '../EsimCodes.tsx';
import { isolate } from '../counter/isolate.ts';
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
  const { t } = useTranslation('topup');
  const f = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const when = f.dateTime(topup.completedAt ?? topup.createdAt);
  const days = t('days', { count: topup.packageDays });

  return (
    <section className="result topup-result" aria-labelledby="topup-result-heading">
      <div className="result-head">
        <h2 id="topup-result-heading" ref={heading} tabIndex={-1}>
          <span className="tick" aria-hidden="true">
            ✓
          </span>{' '}
          {t('result.heading', { data: isolate(topup.packageData), days })}
        </h2>
        <p className="muted">
          {t('result.meta', {
            price: f.money(topup.price),
            payment: paymentWords(topup.paymentMethod),
            reference: topup.reference,
          })}
        </p>
      </div>
      <div className="panel">
        <dl className="summary">
          <dt>{t('result.esim')}</dt>
          <dd className="iccid-digits">
            <bdi dir="ltr">{groupIccid(topup.iccid)}</bdi>
          </dd>
          <dt>{t('result.added')}</dt>
          <dd>
            {t('result.addedValue', { data: isolate(topup.packageData), days })}{' '}
            <span className="muted">
              (<bdi>{topup.packageTitle}</bdi>)
            </span>
          </dd>
          <dt>{t('result.when')}</dt>
          <dd>{when}</dd>
          {topup.partnerOrderCode && (
            <>
              <dt>{t('result.orderCode')}</dt>
              <dd>{topup.partnerOrderCode}</dd>
            </>
          )}
        </dl>
        <p className="notice good">{t('result.nothingToInstall')}</p>
        <div className="actions">
          <button type="button" className="button secondary big" onClick={() => void printPage('receipt80')}>
            {t('result.print')}
          </button>
          <button type="button" className="button secondary" onClick={onUsage}>
            {t('result.usage')}
          </button>
          <button type="button" className="button finish big" onClick={onNew}>
            {t('result.next')} <kbd>Esc</kbd>
          </button>
        </div>
      </div>
      <TopupReceipt topup={topup} storeName={storeName} environment={environment} />
    </section>
  );
}

const BANNER: Record<Exclude<Environment, 'production'>, string> = {
  demo: 'DEMO — NOT A REAL TOP-UP',
  partner_sandbox: 'TRAINING — NOT A REAL TOP-UP',
};

/** The printed receipt (80 mm), in the voucher's print layout; never visible on screen. */
function TopupReceipt({ topup, storeName, environment }: { topup: TopupView; storeName: string; environment: Environment }) {
  const banner = environment === 'production' ? null : BANNER[environment];
  const zone = useStoreTimeZone();
  const when = dateTime(topup.completedAt ?? topup.createdAt, zone);
  return createPortal(
    <div className="print-root paper-80mm" data-testid="topup-receipt">
      <article className="voucher">
        <header className="voucher-head">
          <div className="voucher-store">{storeName}</div>
          <div className="voucher-meta">
            {when} · {topup.reference}
          </div>
        </header>
        {banner && <div className="voucher-banner">{banner}</div>}
        <div className="voucher-package">
          <strong>
            Top-up {topup.packageData} · {topup.packageDays} days
          </strong>
          <span>{topup.packageTitle}</span>
          <span className="voucher-price">
            {formatMoney(topup.price)} · {PAYMENT_LABEL[topup.paymentMethod]}
          </span>
        </div>
        <div className="voucher-iccid">
          <div>ICCID {groupIccid(topup.iccid)}</div>
          <Barcode value={topup.iccid} height={56} moduleWidth={1.5} label={`ICCID barcode ${topup.iccid}`} />
          <div className="voucher-small">
            The data is added to the eSIM already installed. Keep this receipt for the next top-up.
          </div>
        </div>
        {banner && <div className="voucher-banner">{banner}</div>}
      </article>
    </div>,
    document.body,
  );
}
