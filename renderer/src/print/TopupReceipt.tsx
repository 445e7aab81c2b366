import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import { practiceMark } from '../../../shared/display.ts';
import type { TopupView } from '../../../shared/sales.ts';
import { Barcode } from '../ui/Barcode.tsx';
import { groupIccid } from '../counter/esim/EsimCodes.tsx';
import { fallbackStore, PaperHead } from './PaperHead.tsx';
import { useCustomerPaper } from './paper.ts';
import { usePrintSetup } from './print-setup.ts';
import { isolate } from '../ui/isolate.ts';
import type { Paper } from './Voucher.tsx';

type Props = { topup: TopupView; storeName: string; environment: Environment; paper?: Paper };

/**
 * The printed top-up receipt (80 mm; A4 among a basket's sheets) in the voucher's print layout and the customer's language
 * (print/paper.ts); never visible on screen.
 */
export function TopupReceipt({ topup, storeName, environment, paper = '80mm' }: Props) {
  const { language, dir, t, f } = useCustomerPaper();
  const store = usePrintSetup()?.store ?? fallbackStore(storeName);
  const mark = practiceMark(environment);
  const banner = mark ? t('practice.topup', { mark }) : null;
  const when = f.dateTime(topup.completedAt ?? topup.createdAt);
  return createPortal(
    <div className={`print-root paper-${paper}`} data-testid="topup-receipt" lang={language} dir={dir}>
      <article className="voucher">
        <PaperHead store={store} taxLine={store.taxId ? t('taxId', { taxId: store.taxId }) : null}>
          <div className="voucher-meta">
            <bdi>{when}</bdi> · <bdi className="paper-reference">{topup.reference}</bdi>
          </div>
        </PaperHead>
        {banner && <div className="voucher-banner">{banner}</div>}
        <div className="voucher-package">
          <strong>{t('topup.package', { data: isolate(topup.packageData), count: topup.packageDays })}</strong>
          <bdi>{topup.packageTitle}</bdi>
          <span className="voucher-price">
            {f.money(topup.price)} · {t(`payment.${topup.paymentMethod}`)}
          </span>
        </div>
        <div className="voucher-iccid">
          <div dir="ltr">{t('iccid', { iccid: groupIccid(topup.iccid) })}</div>
          <Barcode value={topup.iccid} height={56} moduleWidth={1.5} label={t('barcodeLabel', { iccid: topup.iccid })} />
          <div className="voucher-small">{t('topup.added')}</div>
        </div>
        {banner && <div className="voucher-banner">{banner}</div>}
      </article>
    </div>,
    document.body,
  );
}
