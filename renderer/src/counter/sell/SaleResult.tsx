import { useVoucherPrint } from '../../print/useVoucherPrint.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { openCashDrawer } from '../../print/printReceipt.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { DisplayNotices } from '../display/DisplayNotices.tsx';
import { useStore } from '../../state/store.ts';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { DisplayState } from '../../../../shared/display.ts';
import type { Environment } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { EsimCodes, groupIccid } from '../esim/EsimCodes.tsx';
import { Voucher } from '../../print/Voucher.tsx';
import { InstallGuide } from '../install/InstallGuide.tsx';
import { paymentWords } from './checkout.ts';
import { EsimTabs } from '../esim/EsimTabs.tsx';
import { useFormats } from '../../i18n/format.ts';
import { packageWords } from '../esim/package-words.ts';

type Props = {
  sale: SaleView;
  display: DisplayState | null;
  displayError: AppError | null;
  storeName: string;
  environment: Environment;
  onShowOnDisplay(): Promise<boolean>;
  onNewSale(): void;
};

/** The sold eSIM: QR big enough to scan across the counter, ICCID, steps, and what to do next. */
export function SaleResult({ sale, display, displayError, storeName, environment, onShowOnDisplay, onNewSale }: Props) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const [index, setIndex] = useState(0);
  const { paper, print } = useVoucherPrint(sale, environment);
  const [showing, setShowing] = useState(false);
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  // Only the desktop app can write a PDF itself; a browser offers "Save as PDF" in its print dialog.
  const canSavePdf = useStore((s) => s.info?.transport === 'electron');
  const heading = useRef<HTMLHeadingElement>(null);
  const esim = sale.esims[index] ?? sale.esims[0];
  const onDisplay = display?.kind === 'install' && display.saleId === sale.id;

  useEffect(() => heading.current?.focus(), []);
  // The cash goes in the drawer: it opens once the sale is complete (the backend opens it once).
  useEffect(() => {
    if (sale.status === 'completed' && sale.paymentMethod === 'cash') void openCashDrawer('sale', sale.id).then(setDrawer);
  }, [sale.id, sale.status, sale.paymentMethod]);
  const printAnd = (which: '80mm' | 'a4', pdf = false) => {
    setPrinted(null);
    void print(which, pdf).then(setPrinted);
  };

  // Beside the QR, not under it: at a 1366×768 counter screen nothing must need scrolling.
  const actions = (
    <>
      <DisplayNotices display={display} saleId={sale.id} error={displayError} />

      <div className="actions result-actions">
        <button
          type="button"
          className="button primary big"
          disabled={showing || !esim?.qrcode}
          onClick={() => {
            setShowing(true);
            void onShowOnDisplay().finally(() => setShowing(false));
          }}
        >
          {showing ? t('result.showing') : onDisplay ? t('result.showAgain') : t('result.show')}
        </button>
        <button type="button" className="button secondary big" disabled={!esim?.qrcode} onClick={() => printAnd('80mm')}>
          {t('result.printVoucher')}
        </button>
        <button type="button" className="button secondary" disabled={!esim?.qrcode} onClick={() => printAnd('a4')}>
          {t('result.printA4')}
        </button>
        {canSavePdf && (
          <button type="button" className="button secondary" disabled={!esim?.qrcode} onClick={() => printAnd('a4', true)}>
            {t('result.savePdf')}
          </button>
        )}
        <PrintNotice result={printed} saleSafe />
        <PrintNotice result={drawer} drawer />
        <button type="button" className="button finish big" onClick={onNewSale}>
          {t('result.newSale')}
        </button>
      </div>
    </>
  );

  return (
    <section className="result" aria-labelledby="result-heading">
      <div className="result-head">
        <h1 id="result-heading" ref={heading} tabIndex={-1}>
          <span className="tick" aria-hidden="true">
            ✓
          </span>{' '}
          {t('result.heading', { package: packageWords(sale.packageData, sale.packageDays, f) })}
        </h1>
        <p className="muted">
          <Trans
            t={t}
            i18nKey="result.amounts"
            values={{
              quantity: f.number(sale.quantity),
              unit: f.money(sale.unitPrice),
              total: f.money(sale.total),
              payment: paymentWords(sale.paymentMethod),
              reference: sale.reference,
            }}
            components={{ b: <strong /> }}
          />
        </p>
      </div>

      <EsimTabs esims={sale.esims} index={index} onSelect={setIndex} />

      {esim ? (
        <div className="result-body">
          <EsimCodes esim={esim} size={320} appleSize={180} />
          <div className="result-info">
            <p className="iccid">
              <span className="label">ICCID</span>
              <span className="iccid-digits">{groupIccid(esim.iccid)}</span>
            </p>
            {actions}
            <InstallGuide key={esim.iccid} esim={esim} />
            {sale.customerEmail && <p className="muted">{t('result.emailed', { email: sale.customerEmail })}</p>}
          </div>
        </div>
      ) : (
        <>
          <p className="notice warn">{t('result.noEsim')}</p>
          {actions}
        </>
      )}

      <Voucher sale={sale} paper={paper} storeName={storeName} environment={environment} />
    </section>
  );
}
