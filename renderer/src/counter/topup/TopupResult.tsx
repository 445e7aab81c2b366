import { TopupReceipt } from '../../print/TopupReceipt.tsx';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { openCashDrawer, printReceipt } from '../../print/printReceipt.ts';
import { paperWords } from '../../print/paper.ts';
import { topupBlocks } from '../../print/receipt-jobs.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentWords } from '../sell/checkout.ts';
import type { Environment } from '../../../../shared/contract.ts';
import { useFormats } from '../../i18n/format.ts';
import type { TopupView } from '../../../../shared/sales.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { isolate } from '../../ui/isolate.ts';

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
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (topup.status === 'completed' && topup.paymentMethod === 'cash') void openCashDrawer('topup', topup.id).then(setDrawer);
  }, [topup.id, topup.status, topup.paymentMethod]);
  const print = () => {
    setPrinted(null);
    void printReceipt((setup) => {
      const words = paperWords();
      return { blocks: topupBlocks(topup, setup.store, environment, words), language: words.language, dir: words.dir };
    }).then(setPrinted);
  };
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
          <button type="button" className="button secondary big" onClick={print}>
            {t('result.print')}
          </button>
          <button type="button" className="button secondary" onClick={onUsage}>
            {t('result.usage')}
          </button>
          <button type="button" className="button finish big" onClick={onNew}>
            {t('result.next')} <kbd>Esc</kbd>
          </button>
        </div>
        <PrintNotice result={printed} saleSafe />
        <PrintNotice result={drawer} drawer />
      </div>
      <TopupReceipt topup={topup} storeName={storeName} environment={environment} />
    </section>
  );
}
