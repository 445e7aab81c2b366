import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import { practiceMark } from '../../../shared/display.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { Barcode } from '../ui/Barcode.tsx';
import { groupIccid } from '../counter/esim/EsimCodes.tsx';
import { SHORT_STEPS } from '../counter/install/short-steps.ts';
import { isolate } from '../ui/isolate.ts';
import { placeName } from '../counter/esim/package-words.ts';
import { QrCode } from '../ui/QrCode.tsx';
import { manualCode } from '../../../shared/lpa.ts';
import { fallbackStore, PaperHead } from './PaperHead.tsx';
import { useCustomerPaper } from './paper.ts';
import { usePrintSetup } from './print-setup.ts';

export type Paper = '80mm' | 'a4';

type Props = {
  sale: SaleView;
  paper: Paper;
  storeName: string;
  environment: Environment;
};

/**
 * The printed voucher, one page per eSIM, in the customer's language (print/paper.ts). It lives
 * outside #root (a portal into <body>) so the print stylesheet can hide the whole app and show only
 * this; on screen it is never visible. 80 mm receipts and A4 sheets use named @page rules (styles:
 * print.css); a receipt is as long as its content (print/fit-pages.ts). Under the QR codes, the
 * SM-DP+ address and activation code, for a phone that cannot scan.
 */
export function Voucher({ sale, paper, storeName, environment }: Props) {
  const { language, dir, t, f } = useCustomerPaper();
  const store = usePrintSetup()?.store ?? fallbackStore(storeName);
  const sold = f.dateTime(sale.completedAt ?? sale.createdAt);
  // The practice mark is the same word in every language, as on the counter's banner.
  const mark = practiceMark(environment);
  const banner = environment === 'production' || !mark ? null : t(`practice.${environment}`, { mark });
  const receipt = paper === '80mm';
  return createPortal(
    <div className={`print-root paper-${paper}`} data-testid="voucher" lang={language} dir={dir}>
      {sale.esims.map((esim, index) => (
        <article key={esim.iccid} className="voucher">
          <PaperHead store={store} taxLine={store.taxId ? t('taxId', { taxId: store.taxId }) : null}>
            <div className="voucher-meta">
              <bdi>{sold}</bdi> · <bdi className="paper-reference">{sale.reference}</bdi>
            </div>
          </PaperHead>
          {banner && <div className="voucher-banner">{banner}</div>}
          <div className="voucher-package">
            <strong>{t('package', { data: isolate(sale.packageData), count: sale.packageDays })}</strong>
            {/* Where it works, in the voucher's language; the operator's English title only for a place the counter cannot name. */}
            <bdi>
              {sale.countryCode || sale.region
                ? placeName({ ...sale, coverageName: sale.packageTitle }, f, language)
                : sale.packageTitle}
            </bdi>
            <span className="voucher-price">
              {f.money(sale.unitPrice)}
              {sale.quantity > 1 && ` · ${t('install:esimOf', { index: index + 1, total: sale.quantity })}`}
            </span>
          </div>
          {esim.qrcode ? (
            <div className="voucher-codes">
              <figure>
                <QrCode text={esim.qrcode} size={receipt ? 220 : 300} label={t('install:qrLabel')} />
                <figcaption>{t('install:scan.any')}</figcaption>
              </figure>
              {esim.appleInstallUrl && (
                <figure>
                  <QrCode text={esim.appleInstallUrl} size={receipt ? 160 : 200} label={t('install:appleQrLabel')} />
                  <figcaption>{t('install:scan.iphone')}</figcaption>
                </figure>
              )}
            </div>
          ) : (
            <p>{t('qrHidden')}</p>
          )}
          <ManualCode lpa={esim.qrcode} t={t} />
          <div className="voucher-iccid">
            <div dir="ltr">{t('iccid', { iccid: groupIccid(esim.iccid) })}</div>
            <Barcode
              value={esim.iccid}
              height={receipt ? 56 : 64}
              moduleWidth={receipt ? 1.5 : 2}
              label={t('barcodeLabel', { iccid: esim.iccid })}
            />
            <div className="voucher-small">{t('topupsHint')}</div>
          </div>
          <ol className="voucher-steps">
            {SHORT_STEPS.map((step) => (
              <li key={step}>{t(`install:steps.${step}`)}</li>
            ))}
          </ol>
          {banner && <div className="voucher-banner">{banner}</div>}
        </article>
      ))}
    </div>,
    document.body,
  );
}

/** The code typed by hand (Settings → Mobile → Add eSIM → Enter details manually). */
function ManualCode({ lpa, t }: { lpa: string | null; t: ReturnType<typeof useCustomerPaper>['t'] }) {
  const code = manualCode(lpa);
  if (!code) return null;
  return (
    <div className="voucher-manual">
      <div className="voucher-small">{t('manual.heading')}</div>
      <dl>
        <dt>{t('manual.smdp')}</dt>
        <dd dir="ltr">{code.smdp}</dd>
        <dt>{t('manual.code')}</dt>
        <dd dir="ltr">{code.activationCode}</dd>
      </dl>
    </div>
  );
}
