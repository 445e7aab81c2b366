import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../../shared/contract.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { Voucher } from '../../print/Voucher.tsx';
import { useVoucherPrint } from '../../print/useVoucherPrint.ts';
import { openCashDrawer } from '../../print/printReceipt.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { packageWords } from '../esim/package-words.ts';
import { paymentWords } from '../sell/checkout.ts';

type Props = {
  sale: SaleView;
  storeName: string;
  environment: Environment;
  onNewSale(): void;
};

/**
 * A tour group's eSIMs, all made: one voucher per eSIM (each its own page, with its own QR and
 * ICCID barcode), printed together, and the list of ICCIDs to read them out against.
 */
export function GroupResult({ sale, storeName, environment, onNewSale }: Props) {
  const { t } = useTranslation(['orders', 'sell']);
  const f = useFormats();
  const { paper, print } = useVoucherPrint(sale, environment);
  const [printed, setPrinted] = useState<'80mm' | 'a4' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const codes = sale.esims.every((esim) => esim.qrcode !== null);

  useEffect(() => heading.current?.focus(), []);
  // A group paid in cash opens the drawer too, once it is complete (the backend opens it once).
  useEffect(() => {
    if (sale.status === 'completed' && sale.paymentMethod === 'cash') void openCashDrawer('sale', sale.id);
  }, [sale.id, sale.status, sale.paymentMethod]);

  const printAll = (which: '80mm' | 'a4') => {
    setPrinted(which);
    void print(which);
  };

  return (
    <section className="result group-result" aria-labelledby="group-result-heading">
      <div className="result-head">
        <h1 id="group-result-heading" ref={heading} tabIndex={-1}>
          <span className="tick" aria-hidden="true">
            ✓
          </span>{' '}
          {t('groupResult.heading', { count: sale.esims.length, package: packageWords(sale.packageData, sale.packageDays, f) })}
        </h1>
        <p className="muted">
          {t('groupResult.amounts', {
            quantity: f.number(sale.quantity),
            unit: f.money(sale.unitPrice),
            total: f.money(sale.total),
            payment: paymentWords(sale.paymentMethod),
            reference: sale.reference,
          })}
        </p>
      </div>

      <p>{t('groupResult.vouchersNote')}</p>
      {!codes && <p className="notice warn">{t('groupResult.masked')}</p>}
      <div className="actions">
        <button type="button" className="button primary big" disabled={!codes} onClick={() => printAll('80mm')}>
          {t('groupResult.printAll', { count: sale.esims.length })}
        </button>
        <button type="button" className="button secondary" disabled={!codes} onClick={() => printAll('a4')}>
          {t('groupResult.printA4')}
        </button>
        <button type="button" className="button finish big" onClick={onNewSale}>
          {t('sell:result.newSale')}
        </button>
      </div>
      {printed && (
        <p className="notice good" role="status">
          {t('groupResult.printed', { count: sale.esims.length })}
        </p>
      )}

      <table className="group-esims">
        <caption>{t('groupResult.list')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('groupResult.number')}</th>
            <th scope="col">ICCID</th>
          </tr>
        </thead>
        <tbody>
          {sale.esims.map((esim, index) => (
            <tr key={esim.iccid}>
              <td>{f.number(index + 1)}</td>
              <td className="iccid-digits" dir="ltr">
                {groupIccid(esim.iccid)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <Voucher sale={sale} paper={paper} storeName={storeName} environment={environment} />
    </section>
  );
}
