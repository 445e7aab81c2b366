import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BasketView } from '../../../../shared/baskets.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { MAX_RECEIPT_BLOCKS, type ReceiptBlockInput } from '../../../../shared/receipt-job.ts';
import type { SaleView, TopupView } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError, describeSaleFailure } from '../../errors.ts';
import { basketPapers, receiptJobs } from '../../print/basket-paper.ts';
import { BasketReceipt } from '../../print/BasketReceipt.tsx';
import { paperWords } from '../../print/paper.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { printPage } from '../../print/printPage.ts';
import { openCashDrawer, printReceipt } from '../../print/printReceipt.ts';
import { TopupReceipt } from '../../print/TopupReceipt.tsx';
import { Voucher, type Paper } from '../../print/Voucher.tsx';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { EsimCodes } from '../esim/EsimCodes.tsx';
import { paymentWords } from '../sell/checkout.ts';
import type { BasketItem } from './basket-items.ts';
import { useItemWords } from './useItemWords.ts';
import './basket.css';

/** How often a basket with a line still being checked is read again. */
const POLL_MS = 4000;

type Props = {
  basket: BasketView;
  /** The lines as the clerk put them in, in the basket's order. */
  items: readonly BasketItem[];
  /** "1 of 2 eSIMs issued", in the words of the screen that sold it. */
  heading: string;
  onClose(): void;
};

type Orders = { readonly sales: readonly SaleView[]; readonly topups: readonly TopupView[] };

/** Every line that became an order, as the journal has it: the issued ones for their codes, the others for why. */
async function readOrders(basket: BasketView): Promise<Orders> {
  const made = basket.lines.filter((line) => line.orderStatus !== null);
  const sales = made.filter((line) => line.kind === 'sale');
  const topups = made.filter((line) => line.kind === 'topup');
  const [saleViews, topupViews] = await Promise.all([
    Promise.all(sales.map((line) => api().call('sales.get', { id: line.orderId }))),
    Promise.all(topups.map((line) => api().call('topups.get', { id: line.orderId }))),
  ]);
  return {
    sales: saleViews.flatMap((view) => (view.ok ? [view.value] : [])),
    topups: topupViews.flatMap((view) => (view.ok ? [view.value] : [])),
  };
}

/**
 * A basket once paid: which lines were issued (their QR codes, for the display and the papers),
 * which were not (nothing charged for them) and which are still being checked (read again until
 * they are known). One receipt for the whole basket, then each eSIM's voucher and top-up's receipt.
 */
export function BasketResult({ basket: first, items, heading, onClose }: Props) {
  const { t } = useTranslation('sell', { keyPrefix: 'basket.result' });
  const describe = useItemWords();
  const f = useFormats();
  const info = useStore((s) => s.info);
  const environment = info?.environment ?? 'demo';
  const storeName = info?.name ?? 'eSIM Counter';
  const [basket, setBasket] = useState(first);
  const [orders, setOrders] = useState<Orders | null>(null);
  const [paper, setPaper] = useState<Paper>('80mm');
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checking = basket.lines.some((line) => line.status === 'checking');

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    let current = true;
    void readOrders(basket).then((read) => current && setOrders(read));
    return () => {
      current = false;
    };
  }, [basket]);
  // A line the service has not answered for yet is read again until it is issued or not.
  useEffect(() => {
    if (!checking) return;
    const timer = setInterval(() => {
      void api()
        .call('baskets.get', { id: basket.id })
        .then((read) => read.ok && setBasket(read.value));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [checking, basket.id]);

  const sales = orders?.sales.filter((sale) => sale.status === 'completed') ?? [];
  const topups = orders?.topups.filter((topup) => topup.status === 'completed') ?? [];
  const issued = basket.lines.filter((line) => line.status === 'issued').length;
  // One payment, one drawer: it opens once, for the basket's first issued order.
  const drawerOrder = sales[0] ? `sale:${sales[0].id}` : topups[0] ? `topup:${topups[0].id}` : null;
  const drawerOpened = useRef(false);
  useEffect(() => {
    if (!drawerOrder || basket.paymentMethod !== 'cash' || drawerOpened.current) return;
    drawerOpened.current = true;
    const [kind, id] = drawerOrder.split(':') as ['sale' | 'topup', string];
    void openCashDrawer(kind, id).then(setDrawer);
  }, [drawerOrder, basket.paymentMethod]);

  const print = async (which: Paper): Promise<PrintResult> => {
    if (which === 'a4') return printPage('a4');
    // Composed once, with the printer's store header; a basket past one job's size goes as several.
    const composed: { jobs: ReceiptBlockInput[][] | null } = { jobs: null };
    for (let part = 0; ; part++) {
      const result = await printReceipt((setup) => {
        const words = paperWords();
        composed.jobs ??= receiptJobs(
          basketPapers(basket, items, { sales, topups }, setup.store, environment, words),
          MAX_RECEIPT_BLOCKS,
        );
        return { blocks: composed.jobs[part] ?? [], language: words.language, dir: words.dir };
      });
      // The OS path printed the whole page at once; a job that failed stops the ones after it.
      const last = composed.jobs === null || part >= composed.jobs.length - 1;
      if (last || !result.handled || !result.printed) return result;
    }
  };

  const printOn = (which: Paper) => {
    setPrinted(null);
    flushSync(() => setPaper(which));
    void print(which).then(setPrinted);
  };

  return (
    <section className="basket-result" aria-labelledby="basket-result-heading" data-testid="basket-result">
      <h2 id="basket-result-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p>
        {t('charged', { amount: f.amounts(basket.charged), payment: paymentWords(basket.paymentMethod) })}{' '}
        {issued < basket.lines.length && t('notCharged')}
      </p>
      <ol className="basket-result-lines">
        {basket.lines.map((line) => {
          const item = items[line.index];
          const sale = orders?.sales.find((s) => s.id === line.orderId);
          const topup = orders?.topups.find((s) => s.id === line.orderId);
          return (
            <li key={line.orderId} className={`basket-result-line ${line.status}`}>
              <p>
                <strong>{item ? describe(item, true) : line.packageId}</strong> · {t(`status.${line.status}`)}
                {line.reference && (
                  <>
                    {' '}
                    · <bdi>{line.reference}</bdi>
                  </>
                )}
              </p>
              {line.refusal && <p className="muted">{describeError(line.refusal)}</p>}
              {line.status === 'failed' && sale?.failure && <p className="muted">{describeSaleFailure(sale.failure).words}</p>}
              {line.status === 'failed' && topup?.failure && <p className="muted">{describeSaleFailure(topup.failure).words}</p>}
              {sale?.status === 'completed' &&
                sale.esims.map((esim) => (
                  <div className="basket-result-esim" key={esim.iccid}>
                    <EsimCodes esim={esim} size={180} appleSize={110} />
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
                    >
                      {t('show')}
                    </button>
                  </div>
                ))}
            </li>
          );
        })}
      </ol>
      <div className="actions">
        {issued > 0 && (
          <>
            <button type="button" className="button secondary big" onClick={() => printOn('80mm')}>
              {t('print')}
            </button>
            <button type="button" className="button secondary" onClick={() => printOn('a4')}>
              {t('printA4')}
            </button>
          </>
        )}
        <button type="button" className="button finish big" onClick={onClose}>
          {t('done')}
        </button>
      </div>
      <PrintNotice result={printed} saleSafe />
      <PrintNotice result={drawer} drawer />
      <BasketReceipt basket={basket} items={items} paper={paper} storeName={storeName} environment={environment} />
      {sales.map((sale) => (
        <Voucher key={sale.id} sale={sale} paper={paper} storeName={storeName} environment={environment} />
      ))}
      {topups.map((topup) => (
        <TopupReceipt key={topup.id} topup={topup} paper={paper} storeName={storeName} environment={environment} />
      ))}
    </section>
  );
}
