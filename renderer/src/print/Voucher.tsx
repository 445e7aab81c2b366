import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import { dateTime } from '../../../shared/clock.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { Barcode } from '../components/Barcode.tsx';
import { groupIccid } from '../components/EsimCodes.tsx';
import { QrCode } from '../components/QrCode.tsx';
import { WORDS, type Language } from '../i18n/install.ts';
import { useStoreTimeZone } from '../clock.ts';

export type Paper = '80mm' | 'a4';

type Props = {
  sale: SaleView;
  paper: Paper;
  storeName: string;
  environment: Environment;
  language?: Language;
};

const BANNER: Record<Exclude<Environment, 'production'>, string> = {
  demo: 'DEMO — NOT A REAL eSIM',
  partner_sandbox: 'TRAINING — NOT A WORKING eSIM',
};

/**
 * The printed voucher, one page per eSIM. It lives outside #root (a portal into <body>) so the
 * print stylesheet can hide the whole app and show only this; on screen it is never visible.
 * 80 mm receipts and A4 sheets use named @page rules (styles: print.css).
 */
export function Voucher({ sale, paper, storeName, environment, language = 'en' }: Props) {
  const words = WORDS[language];
  const zone = useStoreTimeZone();
  const sold = dateTime(sale.completedAt ?? sale.createdAt, zone);
  const banner = environment === 'production' ? null : BANNER[environment];
  const receipt = paper === '80mm';
  return createPortal(
    <div className={`print-root paper-${paper}`} data-testid="voucher">
      {sale.esims.map((esim, index) => (
        <article key={esim.iccid} className="voucher">
          <header className="voucher-head">
            <div className="voucher-store">{storeName}</div>
            <div className="voucher-meta">
              {sold} · {sale.reference}
            </div>
          </header>
          {banner && <div className="voucher-banner">{banner}</div>}
          <div className="voucher-package">
            <strong>
              {sale.packageData} · {sale.packageDays} days
            </strong>
            <span>{sale.packageTitle}</span>
            <span className="voucher-price">
              {formatMoney(sale.unitPrice)}
              {sale.quantity > 1 && ` · ${words.esimOf(index + 1, sale.quantity)}`}
            </span>
          </div>
          {esim.qrcode ? (
            <div className="voucher-codes">
              <figure>
                <QrCode text={esim.qrcode} size={receipt ? 220 : 300} label="Install QR code" />
                <figcaption>{words.scanAny}</figcaption>
              </figure>
              {esim.appleInstallUrl && (
                <figure>
                  <QrCode text={esim.appleInstallUrl} size={receipt ? 160 : 200} label="Apple one-tap install QR code" />
                  <figcaption>{words.scanIphone}</figcaption>
                </figure>
              )}
            </div>
          ) : (
            <p>QR hidden: reprinting needs a manager’s approval.</p>
          )}
          <div className="voucher-iccid">
            <div>ICCID {groupIccid(esim.iccid)}</div>
            <Barcode
              value={esim.iccid}
              height={receipt ? 56 : 64}
              moduleWidth={receipt ? 1.5 : 2}
              label={`ICCID barcode ${esim.iccid}`}
            />
            <div className="voucher-small">Top-ups: bring this receipt and we scan the barcode.</div>
          </div>
          <ol className="voucher-steps">
            {words.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {banner && <div className="voucher-banner">{banner}</div>}
        </article>
      ))}
    </div>,
    document.body,
  );
}
